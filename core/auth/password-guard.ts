import {
  claimNotice,
  ensurePasswordAttempts,
  lockPasswordAttempts,
  savePasswordAttempts,
  uncountAttempt,
} from '../db/repositories/password-attempts.js';
import { findUserByEmail } from '../db/repositories/users.js';
import { AppError } from '../errors.js';
import type { AuthContext } from './auth-context.js';
import { failedSignInsMail } from './auth-mail.js';
import { TOO_MANY_PASSWORD_ATTEMPTS } from './auth-messages.js';
import { planAttempt, type PasswordThrottleSettings } from './password-throttle.js';

export interface PasswordGuard {
  /** Waits for the attempt's slot, or refuses it (RATE_LIMITED) when the slot is too far off. */
  admit(email: string): Promise<void>;
  /** After the password was checked: a right one is not a failure; repeated failures mail the owner. */
  settle(email: string, succeeded: boolean): Promise<void>;
}

/**
 * The password throttle over the database, for callers from untrusted clients only. Addresses
 * with and without an account are counted, slowed and refused alike; only the owner's inbox
 * learns the difference (a confirmed account is mailed, others are not).
 */
export function createPasswordGuard(ctx: AuthContext, settings: PasswordThrottleSettings, sleep: (ms: number) => Promise<void>): PasswordGuard {
  const { db, now } = ctx;

  async function admit(email: string): Promise<void> {
    const startAt = await db.transaction().execute(async (trx) => {
      const at = now();
      await ensurePasswordAttempts(trx, email, at);
      const plan = planAttempt(await lockPasswordAttempts(trx, email), at, settings);
      await savePasswordAttempts(trx, email, plan.state);
      return plan.startAt;
    });
    if (!startAt) throw new AppError('RATE_LIMITED', TOO_MANY_PASSWORD_ATTEMPTS);
    const wait = startAt.getTime() - now().getTime();
    if (wait > 0) await sleep(wait);
  }

  async function settle(email: string, succeeded: boolean): Promise<void> {
    if (succeeded) {
      await uncountAttempt(db, email);
      return;
    }
    const notice = await claimNotice(db, email, settings.freeAttempts, now());
    if (!notice) return;
    const until = now();
    ctx.background.run('failed sign-ins notice', async () => {
      const user = await findUserByEmail(db, email);
      if (!user?.email_confirmed_at) return;
      await ctx.mailer.send(failedSignInsMail(ctx.siteName, email, { since: notice.window_started_at, until }));
    });
  }

  return { admit, settle };
}
