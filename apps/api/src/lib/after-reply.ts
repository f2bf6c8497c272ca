/**
 * Work a request starts but does not wait for. It begins once the answer has been written (the
 * next turn of the event loop), so nothing it does, or skips, shows in how long the answer took:
 * forgot-password answers as fast for an unknown address as for an account that gets a link.
 * Closing the app waits for it (app.ts); tests await settled() before looking at what it did.
 */
export interface AfterReply {
  /** Runs `work` after the answer; a failure goes to `onError` (the caller has long had its answer). */
  run(work: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves once no work is pending, including work started by work that was pending. */
  settled(): Promise<void>;
}

export function createAfterReply(): AfterReply {
  const pending = new Set<Promise<void>>();
  return {
    run(work, onError) {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(() => undefined, onError)
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
