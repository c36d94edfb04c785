import { setImmediate as flushIo } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RateLimiter, type Clock } from './rate-limit.js';

/** A clock that only moves when told to; sleeps resolve as their time is reached. */
class ManualClock implements Clock {
  private time = 0;
  private timers: Array<{ at: number; resolve: () => void }> = [];

  now = () => this.time;

  sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = { at: this.time + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal.reason);
      });
    });

  get pendingSleeps(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.timers.filter((t) => t.at <= this.time);
    this.timers = this.timers.filter((t) => t.at > this.time);
    for (const timer of due) timer.resolve();
    await flushIo();
  }
}

function track<T>(promise: Promise<T>) {
  const state = { done: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

describe('RateLimiter', () => {
  it('lets two requests a minute through and makes the third wait for the window', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 2, tokensPerMinute: 1_000_000 }, clock);
    const first = track(limiter.reserve(10));
    const second = track(limiter.reserve(10));
    const third = track(limiter.reserve(10));
    await flushIo();
    expect([first.done, second.done, third.done]).toEqual([true, true, false]);
    expect(clock.pendingSleeps).toBe(1); // it sleeps, it does not poll

    await clock.advance(59_999);
    expect(third.done).toBe(false);
    await clock.advance(1);
    expect(third.done).toBe(true);
    expect(limiter.usage().requests).toBe(1);
  });

  it('holds back a call whose tokens do not fit, and wakes it when a settlement frees room', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1_000 }, clock);
    const first = await limiter.reserve(700);
    const second = track(limiter.reserve(700));
    await flushIo();
    expect(second.done).toBe(false);

    first.settle(200); // the call used far fewer tokens than estimated
    await flushIo();
    expect(second.done).toBe(true);
    expect(limiter.usage().tokens).toBe(900);
  });

  it('waits until enough of the oldest tokens leave the window', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1_000 }, clock);
    await limiter.reserve(400);
    await clock.advance(10_000);
    await limiter.reserve(400);
    const third = track(limiter.reserve(500));
    await flushIo();
    await clock.advance(49_999);
    expect(third.done).toBe(false);
    await clock.advance(1); // the first 400 leave at t = 60 s
    expect(third.done).toBe(true);
  });

  it('runs a call larger than the whole budget once the window is empty', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1_000 }, clock);
    await limiter.reserve(5_000);
    const next = track(limiter.reserve(10));
    await flushIo();
    expect(next.done).toBe(false);
    await clock.advance(60_000);
    expect(next.done).toBe(true);
  });

  it('serves waiters in arrival order', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 1, tokensPerMinute: 1_000_000 }, clock);
    const order: number[] = [];
    await limiter.reserve(1);
    const waiting = [1, 2, 3].map((n) => limiter.reserve(1).then(() => order.push(n)));
    for (let i = 0; i < 3; i++) await clock.advance(60_000);
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });

  it('limits calls in flight with maxConcurrent', async () => {
    const limiter = new RateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1_000_000, maxConcurrent: 2 });
    let running = 0;
    let peak = 0;
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await flushIo();
      await flushIo();
      running--;
    };
    await Promise.all(Array.from({ length: 6 }, () => limiter.schedule(1, task)));
    expect(peak).toBe(2);
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 1, tokensPerMinute: 1_000_000 }, clock);
    await limiter.reserve(1);
    const controller = new AbortController();
    const waiting = track(limiter.reserve(1, controller.signal));
    await flushIo();
    controller.abort(new Error('cancelled'));
    await flushIo();
    expect(waiting.error).toEqual(new Error('cancelled'));
    expect(clock.pendingSleeps).toBe(0);
    // The queue is not stuck behind the aborted waiter.
    const next = track(limiter.reserve(1));
    await clock.advance(60_000);
    expect(next.done).toBe(true);
  });

  it('rejects limits below one per minute', () => {
    expect(() => new RateLimiter({ requestsPerMinute: 0, tokensPerMinute: 10 })).toThrow(RangeError);
  });
});
