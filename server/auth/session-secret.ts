import { randomBytes } from 'node:crypto';
import { AppError, type Config, type Logger } from '../../core/index.js';

const MIN_SECRET_LENGTH = 32;

/** Said once at start outside production: a plain sentence, as the person at the terminal reads it. */
export const SESSION_SECRET_NOTICE =
  'SESSION_SECRET is not set, so this server made up a secret of its own and everyone is signed out when it stops (set SESSION_SECRET to 32 or more random characters to keep sign-ins).';

/**
 * The secret that signs session cookies and CSRF tokens. Production refuses to start without
 * a real one; development makes one per process (sessions end when the server restarts).
 */
export function resolveSessionSecret(config: Config, logger: Logger, notice?: (sentence: string) => void): string {
  const secret = config.sessionSecret;
  if (config.env === 'production') {
    if (!secret) {
      throw new AppError('CONFIG', 'SESSION_SECRET is required in production: set it to a random string of at least 32 characters (e.g. `openssl rand -hex 32`)');
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new AppError('CONFIG', `SESSION_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters`);
    }
    return secret;
  }
  if (secret) return secret;
  if (config.env !== 'test') {
    if (notice) notice(SESSION_SECRET_NOTICE);
    else logger.warn(SESSION_SECRET_NOTICE);
  }
  return randomBytes(32).toString('hex');
}
