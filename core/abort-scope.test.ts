import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortScope, withAbortScope } from './abort-scope.js';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('abortScope', () => {
  it('follows its parent: an abort reaches every open scope with the parent’s reason', () => {
    const parent = new AbortController();
    const a = abortScope(parent.signal);
    const b = abortScope(parent.signal);
    parent.abort(new Error('stop'));
    expect(a.signal?.aborted).toBe(true);
    expect((b.signal?.reason as Error).message).toBe('stop');
    a.release();
    b.release();
  });

  it('leaves one listener on the parent however many scopes are open, and none once all are released', () => {
    const parent = new AbortController();
    const scopes = Array.from({ length: 50 }, () => abortScope(parent.signal));
    expect(listeners(parent.signal)).toBe(1);
    for (const scope of scopes) scope.release();
    expect(listeners(parent.signal)).toBe(0);
    // Released twice: nothing breaks and nothing is left.
    scopes[0]!.release();
    const again = abortScope(parent.signal);
    expect(listeners(parent.signal)).toBe(1);
    again.release();
    expect(listeners(parent.signal)).toBe(0);
  });

  it('a released scope no longer hears the parent; a scope of an aborted parent starts aborted', () => {
    const parent = new AbortController();
    const gone = abortScope(parent.signal);
    const open = abortScope(parent.signal);
    gone.release();
    parent.abort();
    expect(gone.signal?.aborted).toBe(false);
    expect(open.signal?.aborted).toBe(true);
    expect(abortScope(parent.signal).signal?.aborted).toBe(true);
  });

  it('without a parent there is no signal, and withAbortScope releases when the work throws', async () => {
    expect(abortScope(undefined).signal).toBeUndefined();
    const parent = new AbortController();
    await expect(withAbortScope(parent.signal, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(listeners(parent.signal)).toBe(0);
  });
});
