/** Types for scripts/server-messages.mjs, which the storefront's tests import. */
export declare const SOURCE_DIRS: string[];

export interface ServerMessages {
  /** Each fixed English message, with where it is used (file:line). */
  messages: Map<string, string[]>;
  /** Texts built with `${…}` from values known only at run time: they cannot be matched exactly. */
  leftOut: { text: string; at: string }[];
}

export declare function collectServerMessages(root: string): ServerMessages;

/** Where the shared message catalogue lives, and its languages. */
export declare const CATALOGUE_DIR: string;
export declare const CATALOGUE_LANGUAGES: string[];

/** Language → (id → text), as packages/shared/src/messages/{lng}.json hold them. */
export type Catalogue = Record<string, Record<string, string>>;

export declare function readCatalogue(root: string): Catalogue;

/** What is wrong with the catalogue against the harvested messages, one line each; empty when all is well. */
export declare function catalogueProblems(messages: Map<string, string[]>, catalogue: Catalogue): string[];
