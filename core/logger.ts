import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level?: string;
  /** Where JSON lines go; the CLI passes stderr so Ink keeps stdout to itself. */
  destination?: DestinationStream;
}

/** The one root logger; everything else takes a child of it. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      redact: {
        paths: ['password', '*.password', 'code', '*.code', 'token', '*.token', 'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    options.destination ?? pino.destination(2),
  );
}

/** A logger that drops everything: for tests and library callers that do not care. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
