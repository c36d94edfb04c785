import { describe, expect, it } from 'vitest';
import type { PasswordAttemptsState } from '../db/repositories/password-attempts.js';
import { DEFAULT_PASSWORD_THROTTLE, delayAfter, planAttempt } from './password-throttle.js';

const T0 = new Date('2030-06-15T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const settings = DEFAULT_PASSWORD_THROTTLE;

/** Plans `count` attempts at the given times, carrying the stored state along. */
function run(times: number[], start?: PasswordAttemptsState) {
  let state = start;
  const starts: (number | undefined)[] = [];
  for (const time of times) {
    const plan = planAttempt(state, at(time), settings);
    state = plan.state;
    starts.push(plan.startAt ? plan.startAt.getTime() - T0.getTime() : undefined);
  }
  return { state: state!, starts };
}

describe('password throttle plan', () => {
  it('lets the first 5 attempts of a window through at once, then spaces them by a doubling gap, refusing slots over 3 s off', () => {
    const { state, starts } = run(Array.from({ length: 10 }, () => 0));
    // Slots at 0, 1 s and 3 s are waited for; the next would be at 7 s.
    expect(starts).toEqual([0, 0, 0, 0, 0, 0, 1000, 3000, undefined, undefined]);
    expect(state.failures).toBe(8);
    expect(state.next_attempt_at).toEqual(at(7000));
  });

  it('reserves nothing for a refused attempt, so refusals never push the next slot off', () => {
    const burst = run(Array.from({ length: 20 }, () => 0));
    const later = run([4000], burst.state);
    expect(later.starts).toEqual([7000]);
  });

  it('keeps the window open while attempts go on, and starts a new one after 15 quiet minutes', () => {
    const minute = 60_000;
    // One attempt every 14 minutes for over an hour stays in one window.
    const steady = run([0, 14, 28, 42, 56, 70].map((m) => m * minute));
    expect(steady.state.window_started_at).toEqual(T0);
    expect(steady.starts.at(-1)).toBe(70 * minute);
    expect(steady.state.failures).toBe(6);
    const fresh = run([86 * minute], { ...steady.state, notified_at: at(56 * minute) });
    expect(fresh.state).toMatchObject({ window_started_at: at(86 * minute), failures: 1, notified_at: null });
  });

  it('caps the gap at 5 minutes however long the attack goes on', () => {
    expect(delayAfter(5, settings)).toBe(1000);
    expect(delayAfter(13, settings)).toBe(256_000);
    expect(delayAfter(14, settings)).toBe(300_000);
    expect(delayAfter(2_000_000_000, settings)).toBe(300_000);
  });
});
