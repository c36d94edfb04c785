import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { firstNeededStage } from './enqueue.js';
import { DISCOVER_QUEUE, nextStage, stageOfQueue, stageQueue } from './jobs.js';
import { isRetryableFault } from './retryable.js';

describe('queue names and stage order', () => {
  it('maps each queue back to its stage, and a schedule queue to none', () => {
    expect(stageOfQueue(stageQueue('analysis'))).toBe('analysis');
    expect(stageOfQueue(DISCOVER_QUEUE)).toBe('discover');
    expect(stageOfQueue('civic-schedule-live')).toBeNull();
  });

  it('chains to the next stage asked for, skipping those not asked for', () => {
    expect(nextStage('transcript', ['transcript', 'analysis', 'story', 'verify'])).toBe('analysis');
    expect(nextStage('transcript', ['transcript', 'verify'])).toBe('verify');
    expect(nextStage('verify', ['transcript', 'analysis', 'story', 'verify'])).toBeNull();
    expect(nextStage('analysis', ['analysis'])).toBeNull();
  });

  it("starts a video at the first stage it still needs, all of them when forced, verification always", () => {
    const all = ['transcript', 'analysis', 'story', 'verify'] as const;
    expect(firstNeededStage({ has_transcript: false, has_analysis: false, has_story: false }, all, false)).toBe('transcript');
    expect(firstNeededStage({ has_transcript: true, has_analysis: false, has_story: false }, all, false)).toBe('analysis');
    expect(firstNeededStage({ has_transcript: true, has_analysis: true, has_story: true }, all, false)).toBe('verify');
    expect(firstNeededStage({ has_transcript: true, has_analysis: true, has_story: true }, all, true)).toBe('transcript');
    expect(firstNeededStage({ has_transcript: true, has_analysis: true, has_story: true }, ['analysis', 'story'], false)).toBeNull();
  });
});

describe('which failed stages a job retries', () => {
  const upstream = (cause: unknown) => new AppError('UPSTREAM', 'Model call failed after 5 attempts', { cause });
  class APIConnectionError extends Error {}

  it.each([
    ['a 503 once the adapter gave up', upstream({ status: 503 }), true],
    ['a 429 rate limit', upstream({ status: 429 }), true],
    ['a dropped connection', upstream(new APIConnectionError('socket hang up')), true],
    ['a network error reading a transcript', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
    ['the database gone', new AppError('DATABASE_UNAVAILABLE', 'Cannot connect'), true],
    ['an exhausted quota', upstream({ status: 429, code: 'insufficient_quota' }), false],
    ['a rejected request', upstream({ status: 400 }), false],
    ['an invalid answer twice', new AppError('UPSTREAM', 'Model returned an invalid answer twice: x'), false],
    ['a rejected key', new AppError('CONFIG', 'OpenAI API key rejected'), false],
    ['no transcript', new AppError('BAD_INPUT', 'No transcript'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
  ])('%s: %s', (_name, error, retryable) => {
    expect(isRetryableFault(error)).toBe(retryable);
  });
});
