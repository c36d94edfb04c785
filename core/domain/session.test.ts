import { describe, expect, it } from 'vitest';
import { sessionExpiryMs, sessionNeedsRefresh } from './session.js';

describe('session renewal timing (spec §9)', () => {
  it('reads expiresAt as an ISO string or epoch milliseconds, and nothing else', () => {
    expect(sessionExpiryMs('2026-01-01T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 1));
    expect(sessionExpiryMs(1_000)).toBe(1_000);
    expect(sessionExpiryMs(undefined)).toBeNull();
    expect(sessionExpiryMs(null)).toBeNull();
    expect(sessionExpiryMs('soon')).toBeNull();
  });

  it('renews once 3 ticks of 30 s or fewer remain', () => {
    expect(sessionNeedsRefresh(100_000, 9_999)).toBe(false);
    expect(sessionNeedsRefresh(100_000, 10_000)).toBe(true);
    expect(sessionNeedsRefresh(100_000, 200_000)).toBe(true);
    expect(sessionNeedsRefresh(null, 0)).toBe(false);
  });
});
