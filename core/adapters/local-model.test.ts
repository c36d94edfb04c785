import { describe, expect, it } from 'vitest';
import { analysisResultsSchema } from '../domain/analysis.js';
import { newsStorySchema } from '../domain/news-story.js';
import type { ModelCall } from '../ports/language-model.js';
import { createLocalAnalyzer } from './local-model.js';
import { MEETING } from '../testing/openai-harness.js';

describe('createLocalAnalyzer', () => {
  it('analyses and writes a story offline, recording each run at zero cost', async () => {
    const calls: ModelCall[] = [];
    const analyzer = createLocalAnalyzer();
    expect(analyzer).toMatchObject({ kind: 'local', model: 'local-extractive-v1' });

    const analysis = await analyzer.analyze({ segments: MEETING, title: null, description: 'City Council meeting', publishedAt: '2025-06-18T00:00:00Z' }, { onCall: (c) => void calls.push(c) });
    expect(analysisResultsSchema.safeParse(analysis).success).toBe(true);
    expect(analysis.generator?.kind).toBe('local');

    const story = await analyzer.writeStory({ analysis, segments: MEETING, cityName: 'Springfield', publishedAt: null }, { onCall: (c) => void calls.push(c) });
    expect(newsStorySchema.safeParse(story).success).toBe(true);

    expect(calls.map(({ purpose, ok, tokensIn, tokensOut, costUsd }) => ({ purpose, ok, tokensIn, tokensOut, costUsd }))).toEqual([
      { purpose: 'analysis', ok: true, tokensIn: 0, tokensOut: 0, costUsd: 0 },
      { purpose: 'story', ok: true, tokensIn: 0, tokensOut: 0, costUsd: 0 },
    ]);
  });

  it('records a failed run and rethrows its error', async () => {
    const calls: ModelCall[] = [];
    const run = createLocalAnalyzer().analyze({ segments: [] }, { onCall: (c) => void calls.push(c) });
    await expect(run).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(calls).toEqual([expect.objectContaining({ ok: false, error: 'Transcript is empty' })]);
  });

  it('does nothing once the signal has fired', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(createLocalAnalyzer().analyze({ segments: MEETING }, { signal: controller.signal })).rejects.toThrow('stop');
  });
});
