import type { PasswordAttemptsState } from '../db/repositories/password-attempts.js';

/**
 * Password attempts per email address from clients that never signed in to that account
 * (red team finding 5). A slow-down, not a lock-out: an attacker can never keep the owner
 * out, who signs in from a device that has signed in before, or by an emailed code.
 */
export interface PasswordThrottleSettings {
  /** A window lasts until this long passes without an attempt for the address. */
  windowMs: number;
  /** Attempts a window lets through at once; the ones after are spaced out. */
  freeAttempts: number;
  /** The gap after the first spaced attempt; each one after doubles it, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A slot at most this far off is waited for within the request; a later one is refused. */
  maxWaitMs: number;
}

export const DEFAULT_PASSWORD_THROTTLE: PasswordThrottleSettings = {
  windowMs: 15 * 60_000,
  freeAttempts: 5,
  firstDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  maxWaitMs: 3000,
};

export interface AttemptPlan {
  /** What to store for the address. */
  state: PasswordAttemptsState;
  /** When the attempt may check the password; undefined when it is refused. */
  startAt: Date | undefined;
}

function freshWindow(now: Date): PasswordAttemptsState {
  return { window_started_at: now, last_attempt_at: now, failures: 0, next_attempt_at: now, notified_at: null };
}

/** The gap the attempt after `failures` earlier ones leaves before the next may start. */
export function delayAfter(failures: number, settings: PasswordThrottleSettings): number {
  // The exponent is capped so a long attack cannot overflow the number.
  const doublings = Math.min(Math.max(failures - settings.freeAttempts, 0), 30);
  return Math.min(settings.firstDelayMs * 2 ** doublings, settings.maxDelayMs);
}

/**
 * Plans one attempt. Every attempt is counted as a failure when it starts (taken back if the
 * password was right), so parallel guesses cannot all slip in under the count. A refused
 * attempt reserves nothing, so refusals never push the next slot further off, but it keeps
 * the window open: an attack that goes on does not start over with free attempts.
 */
export function planAttempt(current: PasswordAttemptsState | undefined, now: Date, settings: PasswordThrottleSettings): AttemptPlan {
  const expired = !current || now.getTime() - current.last_attempt_at.getTime() >= settings.windowMs;
  const state = expired ? freshWindow(now) : { ...current, last_attempt_at: now };
  if (state.failures < settings.freeAttempts) return { state: { ...state, failures: state.failures + 1 }, startAt: now };
  const slot = Math.max(state.next_attempt_at.getTime(), now.getTime());
  if (slot - now.getTime() > settings.maxWaitMs) return { state, startAt: undefined };
  return {
    state: { ...state, failures: state.failures + 1, next_attempt_at: new Date(slot + delayAfter(state.failures, settings)) },
    startAt: new Date(slot),
  };
}
