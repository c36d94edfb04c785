import pg from 'pg';

/**
 * A pg client whose connection may drop while it is checked out (a server restart, an
 * administrator's pg_terminate_backend, a proxy's idle kill): the pool listens for errors only
 * on idle clients, and an 'error' event nobody listens for ends the process. Here the query in
 * flight, or the next one, fails instead, and the pool discards the client when it comes back.
 */
export class SturdyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** SQLSTATEs of a connection that is gone or refused: class 08, and the server shutting down or starting. */
const LOST_STATES = /^(08...|57P01|57P02|57P03)$/;
const LOST_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'ENOENT']);
// pg's own words for a connection that ended under it (these errors carry no code).
const LOST_WORDS = /Connection terminated|not queryable|connection error|timeout exceeded when trying to connect/i;

/** Whether a database call failed because the connection went (or could not be made), not because of the statement. */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_STATES.test(code) || LOST_CODES.has(code))) return true;
  return typeof message === 'string' && LOST_WORDS.test(message);
}

// The shared embedded database's words for a holder that went away (key-locks.ts) and the driver's for a client closed under it.
const GONE_WORDS = /has gone|already been destroyed/;

/** A lost connection, or the civic process that held the embedded database for this one gone. */
export function isDatabaseGone(error: unknown): boolean {
  if (isConnectionLoss(error)) return true;
  return error instanceof Error && GONE_WORDS.test(error.message);
}
