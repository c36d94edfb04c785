import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { createOpenAiModel } from './openai-model.js';
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
});
