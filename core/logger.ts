import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level?: string;
  /** Where JSON lines go; the CLI passes stderr so Ink keeps stdout to itself. */
  destination?: DestinationStream;
}

/**
 * What is personal or a credential wherever it is logged: passwords, tokens (confirmation,
 * CSRF), one-time codes and email addresses in request bodies, cookies, authorization headers,
 * session ids, API keys, signatures and secrets (URLs are masked by core/privacy/secret-params.ts
 * where they are logged). Not `code` in general: error codes (`err.code`, AppError codes) are
 * what an operator searches logs for.
 */
const REDACTED_PATHS = [
  'password', '*.password', '*.*.password',
  'token', '*.token', '*.*.token', 'csrfToken', '*.csrfToken',
  'body.code', '*.body.code', 'body.email', '*.body.email',
  'cookie', '*.cookie', 'headers.cookie', '*.headers.cookie', 'headers.authorization', '*.headers.authorization',
  '*.headers["x-csrf-token"]', 'headers["set-cookie"]', '*.headers["set-cookie"]',
  'sid', '*.sid', 'secret', '*.secret', 'sessionSecret', '*.sessionSecret',
  'confirm', '*.confirm', 'apiKey', '*.apiKey', 'signature', '*.signature',
];

/** The one root logger; everything else takes a child of it. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      // Cron mails and journald keep lines for days: a readable UTC time beats epoch ms.
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination ?? pino.destination(2),
  );
}

/** A logger that drops everything: for tests and library callers that do not care. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** pg's and PGlite's errors: a SQLSTATE code plus the server's severity or routine. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && (typeof error.severity === 'string' || typeof error.routine === 'string');
}

// Fields of any error that say what went wrong without carrying anyone's data. Everything else
// is dropped: database errors carry the query's parameters (PGlite: `params`) and the values
// of the row (`detail`: "Key (email)=(…) already exists"), other libraries their requests.
const SAFE_FIELDS = ['code', 'status', 'statusCode', 'errno', 'syscall', 'constraint', 'table', 'schema', 'column'] as const;
const MAX_CAUSES = 5;

/**
 * The `err` serializer: type, message, stack (none for database errors, whose stack is the
 * driver's), the fields above, and the causes, each the same way.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null || !(error instanceof Error || 'message' in error)) return error;
  const source = error as Error & Record<string, unknown>;
  const database = isDatabaseError(source);
  const out: Record<string, unknown> = { type: source.constructor?.name ?? source.name, message: source.message };
  if (!database && typeof source.stack === 'string') out.stack = source.stack;
  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(source.cause, depth + 1);
  return out;
}
