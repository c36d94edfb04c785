/**
 * Thrown to refuse work a run should no longer start: a model attempt after the run budget
 * was spent or after the operator asked the run to stop. The stage it interrupts is handed
 * back (not started, for the next run), never recorded as failed.
 */
export class RunStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}

export const INTERRUPTED_REASON = 'interrupted: left for the next run';
export const BUDGET_REASON = 'run budget reached: no new model calls';
