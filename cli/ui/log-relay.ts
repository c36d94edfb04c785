import { truncateKeepingCause } from './format.js';

/**
 * Where the CLI's pino lines go while a command draws a live display. Ink owns the terminal
 * then: a JSON line written to stderr between two frames breaks Ink's count of the lines to
 * erase, and old frames stay on screen. So while a display listens, each line is handed to it
 * as one readable line (the display prints it above the live part); otherwise it goes to
 * stderr: as JSON for cron, journald and log collectors, as the same readable line when stderr
 * is a terminal a person reads (`civic serve` under `make demo`).
 */
export interface LogRelay {
  /** pino's destination: one JSON line per call. */
  write(line: string): void;
  /** Sends every line to `listener` until the returned function is called. */
  attach(listener: (line: string) => void): () => void;
}

export function createLogRelay(fallback: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean } = process.stderr): LogRelay {
  let listener: ((line: string) => void) | null = null;
  return {
    write(line) {
      if (listener) listener(readableLogLine(line));
      else fallback.write(fallback.isTTY ? `${readableLogLine(line)}\n` : line);
    },
    attach(next) {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}

/**
 * A reader that went away (`civic serve 2>&1 | tee log`, Ctrl-C ends tee first) makes every
 * later write to stderr fail with EPIPE, emitted as an 'error' nobody handles: the process would
 * die mid-shutdown and strand the commands sharing its database. Nobody is left to read those
 * lines, so they are dropped; any other stream error still ends the process.
 */
function dropWritesToClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
dropWritesToClosedPipe(process.stderr);

/** The one relay of the `civic` process, given to its logger by cli/context.ts. */
export const terminalLogs = createLogRelay();

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warning', 50: 'error', 60: 'fatal' };
/** A reason cut at this length keeps its cause; the terminal wraps the rest of the line. */
const MAX_ERROR = 200;

/**
 * 'warning  stage failed: captions disabled  (fairview-ca · "Council meeting" · transcript)':
 * level, message, the error's message and the context an operator needs to find the item.
 * Lines that are not pino JSON pass through unchanged.
 */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  if (typeof entry !== 'object' || entry === null) return line.trimEnd();
  const level = LEVELS[Number(entry.level)] ?? 'log';
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const error = errorMessage(entry.err);
  const context = [entry.city, entry.title === undefined ? undefined : `"${String(entry.title)}"`, entry.stage, entry.source]
    .filter((part): part is string => typeof part === 'string' && part.length > 0);
  const text = [message, error ? truncateKeepingCause(error, MAX_ERROR) : ''].filter(Boolean).join(': ');
  return `${level.padEnd(8)} ${text}${context.length > 0 ? `  (${context.join(' · ')})` : ''}`;
}

function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') return (err as { message: string }).message;
  return '';
}
