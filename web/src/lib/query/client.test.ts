import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from './client.js';
import { hashKey, matchesKey, replaceEqualDeep } from './keys.js';
import type { QueryObserver } from './query.js';
import { deferred } from '@testing/deferred.js';

const watching = (): QueryObserver => ({ enabled: true, notify: () => undefined });

describe('query keys', () => {
  it('names one query whatever the order of an object’s fields', () => {
    expect(hashKey(['admin', { cityId: 'a', order: 'created' }])).toBe(hashKey(['admin', { order: 'created', cityId: 'a' }]));
    expect(hashKey(['videos', 'a'])).not.toBe(hashKey(['videos', 'b']));
  });

  it('matches a key by its beginning, an object by the fields it names', () => {
    expect(matchesKey(['admin', 'video', 'v1'], ['admin', 'video'])).toBe(true);
    expect(matchesKey(['admin', 'videos', { cityId: 'a', order: 'created' }], ['admin', 'videos', { cityId: 'a' }])).toBe(true);
    expect(matchesKey(['admin', 'videos'], ['admin', 'video'])).toBe(false);
    expect(matchesKey(['admin'], ['admin', 'video'])).toBe(false);
  });

  it('keeps the parts of an answer that did not change', () => {
    const before = { city: { name: 'Fairview' }, videos: [{ id: 'a' }, { id: 'b' }] };
    const after = replaceEqualDeep(before, { city: { name: 'Fairview' }, videos: [{ id: 'a' }, { id: 'c' }] });
    expect(after.city).toBe(before.city);
    expect(after.videos[0]).toBe(before.videos[0]);
    expect(after.videos[1]).toEqual({ id: 'c' });
    expect(replaceEqualDeep(before, structuredClone(before))).toBe(before);
  });
});

describe('QueryClient', () => {
  it('shares one request among everyone asking, and keeps the answer', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const query = client.build({ queryKey: ['cities'], queryFn });
    const first = query.fetch();
    const second = client.build({ queryKey: ['cities'], queryFn }).fetch();
    expect(query.state).toMatchObject({ status: 'pending', fetching: true });
    answer.resolve('Fairview');
    await Promise.all([first, second]);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.state).toMatchObject({ status: 'success', fetching: false, data: 'Fairview' });
    expect(client.getQueryData(['cities'])).toBe('Fairview');
  });

  it('retries as told, with the delay it gives, then keeps the failure', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: (count) => count < 2, retryDelay: (count) => 1000 * (count + 1) } } });
      const queryFn = vi.fn(() => Promise.reject(new Error('down')));
      const query = client.build(client.withDefaults({ queryKey: ['x'], queryFn }));
      const done = query.fetch();
      await vi.advanceTimersByTimeAsync(999);
      expect(queryFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(queryFn).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      await done;
      expect(queryFn).toHaveBeenCalledTimes(3);
      expect(query.state).toMatchObject({ status: 'error', fetching: false, invalidated: true });
      expect(query.state.error?.message).toBe('down');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again only for the queries shown, and marks the others stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const shown = client.build({ queryKey: ['admin', 'video', 'a'], queryFn: vi.fn(() => Promise.resolve(1)) });
    const hidden = client.build({ queryKey: ['admin', 'video', 'b'], queryFn: vi.fn(() => Promise.resolve(2)) });
    const other = client.build({ queryKey: ['cities'], queryFn: vi.fn(() => Promise.resolve(3)) });
    await Promise.all([shown.fetch(), hidden.fetch(), other.fetch()]);
    shown.observe(watching());
    await client.invalidateQueries({ queryKey: ['admin', 'video'] });
    expect(shown.options.queryFn).toHaveBeenCalledTimes(2);
    expect(hidden.options.queryFn).toHaveBeenCalledTimes(1);
    expect(hidden.isStale(Infinity)).toBe(true);
    expect(other.isStale(Infinity)).toBe(false);
  });

  it('restarts a request under way for data on show when it is invalidated; its first answer is dropped', async () => {
    const client = new QueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const query = client.build({ queryKey: ['v'], queryFn: () => answers[call++]!.promise });
    query.setData('old');
    query.observe(watching());
    const stale = query.fetch();
    const invalidated = client.invalidateQueries({ queryKey: ['v'] });
    answers[0]!.resolve('before the write');
    answers[1]!.resolve('after the write');
    await Promise.all([stale, invalidated]);
    expect(call).toBe(2);
    expect(query.state.data).toBe('after the write');
  });

  it('aborts a request nobody waits for, going back to the state before it', async () => {
    const client = new QueryClient();
    let signal: AbortSignal | undefined;
    const query = client.build({ queryKey: ['v'], queryFn: (context) => ((signal = context.signal), new Promise<string>(() => undefined)) });
    const stop = query.observe(watching());
    void query.fetch();
    expect(query.state.fetching).toBe(true);
    stop();
    expect(signal?.aborted).toBe(true);
    expect(query.state).toMatchObject({ status: 'pending', fetching: false });
  });

  it('forgets a query gcTime after the last page showing it left, not while one does', () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 } } });
      const query = client.build(client.withDefaults({ queryKey: ['v'], queryFn: () => Promise.resolve(1) }));
      query.setData(1);
      const stop = query.observe(watching());
      vi.advanceTimersByTime(5000);
      expect(client.getQueryData(['v'])).toBe(1);
      stop();
      vi.advanceTimersByTime(999);
      expect(client.getQueryData(['v'])).toBe(1);
      vi.advanceTimersByTime(1);
      expect(client.getQueryData(['v'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets data that came another way, and removes queries by key', () => {
    const client = new QueryClient();
    client.setQueryData(['me', 'profile'], { home: 'fairview' });
    client.setQueryData(['cities'], []);
    expect(client.getQueryData(['me', 'profile'])).toEqual({ home: 'fairview' });
    client.removeQueries({ queryKey: ['me'] });
    expect(client.getQueryData(['me', 'profile'])).toBeUndefined();
    expect(client.getQueryData(['cities'])).toEqual([]);
  });
});
