import type { Logger } from '../logger.js';

export interface BackgroundWork {
  /** Starts `task` after the caller has returned; a failure is logged, never thrown. */
  run(label: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far (and any they started) has finished. */
  settle(): Promise<void>;
}

/**
 * Work a request starts but does not wait for. Sign-up and code requests answer before they
 * look the address up, write rows or send mail, so how long the answer takes cannot tell an
 * address with an account from one without (the "same work on both paths" rule).
 */
export function createBackgroundWork(logger: Logger): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, task: label }, 'background work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
