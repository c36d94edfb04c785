import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { AppError } from '../../errors.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai.js';
import { analyzerFor, harness, MEETING } from '../../testing/openai-harness.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('invalid answers', () => {
  it('retries an invalid JSON answer once and succeeds, recording both calls', async () => {
    const h = harness();
    fake.script({ kind: 'invalid-json' });
    const analysis = await analyzerFor(fake, h).analyze({ segments: MEETING }, { onCall: h.onCall });

    expect(analysisResultsSchema.safeParse(analysis).success).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(h.calls.map((c) => c.ok)).toEqual([false, true]);
    expect(h.calls[0]!.error).toMatch(/^invalid answer: not JSON/);
    expect(h.calls[0]!.tokensOut).toBeGreaterThan(0); // the bad answer was still paid for
    expect(h.calls[0]!.costUsd).toBeGreaterThan(0);
    expect(h.sleeps).toEqual([]);
  });

  it('gives up after a second invalid answer', async () => {
    const h = harness();
    fake.script({ kind: 'invalid-json', times: Infinity });
    const error = await failure(analyzerFor(fake, h).analyze({ segments: MEETING }, { onCall: h.onCall }));
    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toMatch(/^Model returned an invalid answer twice: not JSON/);
    expect(fake.requests).toHaveLength(2);
    expect(h.calls.map((c) => c.ok)).toEqual([false, false]);
  });

  it('treats a decision with an outcome outside the enum like any malformed answer: retried once, then an error', async () => {
    const decision = {
      item: null, item_number: null, motion: null, outcome: 'approved', tally: null, vote_kind: null, unanimous: false, mover: null, seconder: null,
      evidence: [{ text: 'The motion passes five to zero.', timestamp: '0:05:16' }],
    };
    const malformed = { kind: 'reply' as const, content: { summary: 's', highlights: [], action_items: [], entities: [], decisions: [decision] } };

    const h = harness();
    fake.script(malformed);
    const analysis = await analyzerFor(fake, h).analyze({ segments: MEETING }, { onCall: h.onCall });
    expect(h.calls.map((c) => c.ok)).toEqual([false, true]);
    expect(h.calls[0]!.error).toMatch(/^invalid answer: does not match the schema .*outcome/);
    expect(analysis.decisions!.map((d) => d.outcome)).toEqual(['passed']); // the retry's answer

    fake.reset();
    fake.script({ ...malformed, times: 2 });
    const error = await failure(analyzerFor(fake, harness()).analyze({ segments: MEETING }));
    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toMatch(/^Model returned an invalid answer twice: does not match the schema .*outcome/);
  });

  it.each([
    ['wrong-shape', /does not match the schema/],
    ['refusal', /refusal: I cannot help/],
    ['empty', /empty answer/],
    ['truncated', /cut off/],
  ] as const)('treats a %s answer as invalid', async (kind, reason) => {
    const h = harness();
    fake.script({ kind, times: 2 });
    const error = await failure(analyzerFor(fake, h).writeStory({ analysis: { summary: 's', highlights: [], action_items: [], entities: [] }, segments: MEETING }, { onCall: h.onCall }));
    expect(error.message).toMatch(reason);
    expect(h.calls.map((c) => c.purpose)).toEqual(['story', 'story']);
  });
});

describe('transient failures', () => {
  it('waits as the 429 answer says, then succeeds', async () => {
    const h = harness();
    fake.script({ kind: 'error', status: 429, retryAfterMs: 25, times: 2 });
    const analysis = await analyzerFor(fake, h).analyze({ segments: MEETING }, { onCall: h.onCall });

    expect(analysis.summary).not.toBe('');
    expect(fake.requests).toHaveLength(3);
    expect(h.sleeps).toEqual([25, 25]);
    expect(h.calls.map((c) => c.ok)).toEqual([false, false, true]);
    // An error answer bills nothing: no tokens, no dollars, only the record of the attempt.
    expect(h.calls[0]).toMatchObject({ tokensIn: 0, tokensOut: 0, costUsd: 0, error: '429 Fake error 429' });
  });

  it('honours retry-after in seconds', async () => {
    const h = harness();
    fake.script({ kind: 'error', status: 429, retryAfterSeconds: 1 });
    await analyzerFor(fake, h).analyze({ segments: MEETING });
    expect(h.sleeps).toEqual([1000]);
  });

  it('gives up on a server that fails forever after maxRetries, backing off exponentially', async () => {
    const h = harness();
    fake.script({ kind: 'error', status: 500, message: 'The server had an error', times: Infinity });
    const error = await failure(analyzerFor(fake, h, { maxRetries: 3 }).analyze({ segments: MEETING }, { onCall: h.onCall }));

    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toBe('Model call failed after 4 attempts: 500 The server had an error');
    expect(fake.requests).toHaveLength(4);
    expect(h.sleeps).toEqual([75, 150, 300]); // base 100 ms doubling, jitter fixed at the middle
    expect(h.calls).toHaveLength(4);
    expect(h.calls.every((c) => !c.ok)).toBe(true);
  });

  it('retries a request that times out, then reports the timeout', async () => {
    const h = harness();
    fake.script({ kind: 'timeout', times: Infinity });
    const error = await failure(analyzerFor(fake, h, { timeoutMs: 150, maxRetries: 1 }).analyze({ segments: MEETING }, { onCall: h.onCall }));

    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toBe('Model call failed after 2 attempts: request timed out');
    expect(fake.requests).toHaveLength(2);
    expect(h.calls.map((c) => c.error)).toEqual(['request timed out', 'request timed out']);
    // No answer came, so nothing was billed that we can see: no tokens, no dollars.
    expect(h.calls.map((c) => [c.tokensIn, c.tokensOut, c.costUsd])).toEqual([[0, 0, 0], [0, 0, 0]]);
  });

  it('recovers when a timeout is followed by an answer', async () => {
    const h = harness();
    fake.script({ kind: 'timeout' });
    await analyzerFor(fake, h, { timeoutMs: 150 }).analyze({ segments: MEETING }, { onCall: h.onCall });
    expect(h.calls.map((c) => c.ok)).toEqual([false, true]);
  });
});

describe('permanent failures', () => {
  it('reports a rejected key as a configuration error, without retrying', async () => {
    const h = harness();
    const analyzer = analyzerFor(fake, h, { apiKey: 'wrong-key' });
    const error = await failure(analyzer.analyze({ segments: MEETING }, { onCall: h.onCall }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toBe('OpenAI API key rejected');
    expect(fake.requests).toHaveLength(1);
    expect(h.calls).toHaveLength(1);
  });

  it('reports an unknown model as a configuration error', async () => {
    fake.script({ kind: 'error', status: 404, message: 'The model `gpt-9` does not exist' });
    const error = await failure(analyzerFor(fake, harness(), { model: 'gpt-9' }).analyze({ segments: MEETING }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toMatch(/^Model "gpt-9" not found/);
  });

  it('does not retry a request the API calls invalid, nor an exhausted quota', async () => {
    fake.script({ kind: 'error', status: 400, message: 'context_length_exceeded' });
    expect((await failure(analyzerFor(fake, harness()).analyze({ segments: MEETING }))).message).toBe('Model call rejected: 400 context_length_exceeded');
    fake.script({ kind: 'error', status: 429, code: 'insufficient_quota', message: 'You exceeded your current quota' });
    expect((await failure(analyzerFor(fake, harness()).analyze({ segments: MEETING }))).message).toMatch(/^OpenAI quota exhausted/);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('caller control', () => {
  it('lets onCall stop the run (recording the call found the database gone) without retrying', async () => {
    const gone = new AppError('DATABASE_UNAVAILABLE', 'Cannot connect to PostgreSQL at 127.0.0.1:5432: connection refused');
    fake.script({ kind: 'invalid-json' });
    const error = await failure(
      analyzerFor(fake, harness()).analyze(
        { segments: MEETING },
        {
          onCall: () => {
            throw gone;
          },
        },
      ),
    );
    expect(error).toBe(gone);
    expect(fake.requests).toHaveLength(1);
  });

  it('charges nothing for a model that cannot be reached: only what an answer bills is cost', async () => {
    const h = harness();
    // A port nobody listens on: the connection is refused before any model sees the prompt.
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    const error = await failure(
      analyzerFor({ ...fake, url }, h, { maxRetries: 2 }).analyze({ segments: MEETING }, { onCall: h.onCall }),
    );
    expect(error.message).toMatch(/^Model call failed after 3 attempts: connection failed/);
    expect(h.calls).toHaveLength(3);
    expect(h.calls.every((c) => !c.ok && c.tokensIn === 0 && c.tokensOut === 0 && c.costUsd === 0)).toBe(true);

    // An answer with usage is billed as the usage says, at the model's price.
    const billed = harness();
    fake.script({ kind: 'reply', content: { summary: 's', highlights: [], action_items: [], entities: [], decisions: [] }, usage: { prompt_tokens: 1_000_000, completion_tokens: 0 } });
    await analyzerFor(fake, billed).analyze({ segments: MEETING }, { onCall: billed.onCall }).catch(() => undefined);
    expect(billed.calls[0]).toMatchObject({ tokensIn: 1_000_000, costUsd: 0.15 });
  });

  it('asks beforeAttempt before every request, retries included, and sends none it refuses', async () => {
    const h = harness();
    const stop = new Error('budget spent');
    let asked = 0;
    fake.script({ kind: 'error', status: 500, times: Infinity });
    const error = await analyzerFor(fake, h, { maxRetries: 4 })
      .analyze(
        { segments: MEETING },
        {
          onCall: h.onCall,
          // The first attempt may go; its retry is refused, as a run's spent budget would.
          beforeAttempt: () => {
            if (++asked > 1) throw stop;
          },
        },
      )
      .catch((e: unknown) => e);
    expect(error).toBe(stop);
    expect(fake.requests).toHaveLength(1);
    expect(h.calls).toHaveLength(1);
  });

  it('aborts a request in flight when the caller’s signal fires', async () => {
    const h = harness();
    fake.script({ kind: 'timeout' });
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const running = analyzerFor(fake, h).analyze({ segments: MEETING }, { signal: controller.signal, onCall: h.onCall });
    setTimeout(() => controller.abort(reason), 50);
    await expect(running).rejects.toBe(reason);
    expect(h.calls.map((c) => c.error)).toEqual(['aborted']);
  });

  it('stops sibling chunk calls once one chunk has failed for good', async () => {
    const h = harness();
    fake.script({ kind: 'error', status: 401 });
    const analyzer = analyzerFor(fake, h, { contextTokens: 2_000, limits: { requestsPerMinute: 100, tokensPerMinute: 10_000_000, maxConcurrent: 1 } });
    const long = Array.from({ length: 16 }, (_, n) => MEETING.map((s) => ({ ...s, start_ms: s.start_ms + n * 600_000, end_ms: s.end_ms + n * 600_000 }))).flat();
    const error = await failure(analyzer.analyze({ segments: long }, { onCall: h.onCall }));
    expect(error.code).toBe('CONFIG');
    expect(fake.requests).toHaveLength(1); // the queued chunks never went out
  });
});
