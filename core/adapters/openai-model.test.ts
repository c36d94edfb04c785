import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { createOpenAiModel } from './openai-model.js';
import { serializeError } from '../logger.js';
import { harness, MEETING } from '../testing/openai-harness.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
});
afterAll(() => fake.close());

describe('createOpenAiModel', () => {
  it('refuses a missing key at once, before anything is loaded', () => {
    expect(() => createOpenAiModel({ apiKey: '', model: 'gpt-4o-mini' })).toThrow(expect.objectContaining({ code: 'CONFIG' }));
  });

  it('names its kind and model up front and answers through the OpenAI analyzer', async () => {
    const model = createOpenAiModel({ apiKey: 'test-key', baseUrl: fake.url, model: 'gpt-4o-mini' });
    expect(model).toMatchObject({ kind: 'openai', model: 'gpt-4o-mini' });
    const h = harness();
    const analysis = await model.analyze({ segments: MEETING, title: 'City Council, June 17' }, { onCall: h.onCall });
    const story = await model.writeStory({ analysis, segments: MEETING, title: 'City Council, June 17' }, { onCall: h.onCall });
    expect(analysis.generator).toMatchObject({ kind: 'openai', model: 'gpt-4o-mini' });
    expect(story.generator).toMatchObject({ kind: 'openai', model: 'gpt-4o-mini' });
    expect(h.calls.map((call) => [call.purpose, call.ok])).toEqual([
      ['analysis', true],
      ['story', true],
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps its key out of errors and call records when the server echoes the Authorization header', async () => {
    const key = 'sk-test-RECOGNISABLE-openai-0001';
    const echoing = await startFakeOpenAi({ apiKey: key });
    try {
      echoing.script({ kind: 'hook', handle: (request) => ({ kind: 'error', status: 400, message: `Bad header Authorization: ${request.authorization}` }) });
      const model = createOpenAiModel({ apiKey: key, baseUrl: echoing.url, model: 'gpt-4o-mini' });
      const h = harness();
      const error = await model.analyze({ segments: MEETING }, { onCall: h.onCall }).catch((e: unknown) => e);
      expect(echoing.requests[0]?.authorization).toBe(`Bearer ${key}`); // the echo did carry it
      expect(error).toMatchObject({ code: 'UPSTREAM', message: expect.stringContaining('Bad header Authorization: Bearer [redacted]') });
      const seen = JSON.stringify({ error: serializeError(error), calls: h.calls });
      expect(h.calls.length).toBeGreaterThan(0);
      expect(seen).not.toContain(key);
    } finally {
      await echoing.close();
    }
  });
});
