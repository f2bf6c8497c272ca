/** Types for scripts/server-messages.mjs, which the storefront's tests import. */
export declare const SOURCE_DIRS: string[];

export interface ServerMessages {
  /** Each fixed English message, with where it is used (file:line). */
  messages: Map<string, string[]>;
  /** Texts built with `${…}` from values known only at run time: they cannot be matched exactly. */
  leftOut: { text: string; at: string }[];
}

export declare function collectServerMessages(root: string): ServerMessages;
