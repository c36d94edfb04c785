import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import { createAuthService, type AuthService, type AuthServiceDeps } from './auth-service.js';
import { createProfileService, type ProfileService } from './profile-service.js';
import { createSessionService, type SessionService } from './session-service.js';

/** What tests may set for the auth service: its clock, how it waits, the password throttle. */
export type AuthTuning = Pick<AuthServiceDeps, 'now' | 'sleep' | 'passwordThrottle'>;

export interface AuthServices {
  auth: AuthService;
  profiles: ProfileService;
  sessions: SessionService;
}

/**
 * The account services over one database. Mail goes through the mailer the composition root
 * picked (createCore: SMTP with SMTP_URL, else DATA_DIR/outbox). Codes are hashed under
 * SESSION_SECRET; without one (development) a per-process secret, so codes sent before a
 * restart stop working, as the sessions do.
 */
export function createAuthServices(options: {
  db: Kysely<DB>;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  tuning?: AuthTuning | undefined;
}): AuthServices {
  const { db, config, logger, mailer } = options;
  const authLogger = logger.child({ component: 'auth' });
  const secret = config.sessionSecret ?? randomBytes(32).toString('hex');
  return {
    auth: createAuthService({ db, mailer, logger: authLogger, secret, siteName: config.siteName, publicUrl: config.publicUrl, ...options.tuning }),
    profiles: createProfileService(db),
    sessions: createSessionService(db),
  };
}
