import { EXIT_INTERRUPTED_SIGINT, EXIT_INTERRUPTED_SIGTERM } from './exit-codes.js';

/** After a second signal, the process exits by this time even if something still hangs. */
const FORCED_EXIT_MS = 3_000;

export interface Interrupt {
  /** Aborted by the first SIGINT (Ctrl-C) or SIGTERM: start nothing new, let what runs finish. */
  stop: AbortSignal;
  /** Aborted by a second signal: abandon the work in flight (it is handed back, not failed). */
  abort: AbortSignal;
  /** The exit code the first signal asks for (130 SIGINT, 143 SIGTERM), or null when none came. */
  exitCode(): number | null;
  dispose(): void;
}

const CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: EXIT_INTERRUPTED_SIGINT, SIGTERM: EXIT_INTERRUPTED_SIGTERM };

/**
 * Ctrl-C or a SIGTERM from cron or systemd during a pipeline run. The first one stops the run
 * from starting new work (stages, discoveries, model requests and retries) while the work in
 * flight finishes and is recorded, so the summary is printed and the next run resumes where
 * this one stopped. A second one abandons the work in flight too, handing it back as not
 * started, and the process exits within FORCED_EXIT_MS whatever still hangs.
 */
export function onInterrupt(): Interrupt {
  const stop = new AbortController();
  const abort = new AbortController();
  let code: number | null = null;
  const handle = (signal: 'SIGINT' | 'SIGTERM') => {
    if (code === null) {
      code = CODES[signal];
      process.stderr.write(`civic: ${signal}: finishing the work in flight, starting nothing new (${signal === 'SIGINT' ? 'Ctrl-C' : 'signal'} again to stop at once)\n`);
      stop.abort(new Error(`interrupted by ${signal}`));
      return;
    }
    if (abort.signal.aborted) return;
    process.stderr.write(`civic: ${signal} again: stopping now; the work in flight is left for the next run\n`);
    abort.abort(new Error(`interrupted by ${signal}`));
    const exitCode = code;
    // The run hands its stages back and the database closes well within this; should
    // anything hang (a synchronous analysis of a huge transcript), the exit still comes.
    setTimeout(() => process.exit(exitCode), FORCED_EXIT_MS).unref();
  };
  const onSigint = () => handle('SIGINT');
  const onSigterm = () => handle('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return {
    stop: stop.signal,
    abort: abort.signal,
    exitCode: () => code,
    dispose: () => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    },
  };
}
