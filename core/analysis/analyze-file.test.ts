import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { analyzerFor, harness } from '../testing/openai-harness.js';
import { analyzeTranscriptFiles } from './analyze-file.js';

const DEMO_TRANSCRIPT = path.join(import.meta.dirname, '../../fixtures/demo/transcripts/fvCC2026a01.json');

/** The demo meeting as a plain text file: the words without a single timing. */
async function untimedText(): Promise<string> {
  const parsed = JSON.parse(await fs.readFile(DEMO_TRANSCRIPT, 'utf8')) as { segments?: { text: string }[] } | { text: string }[];
  const segments = Array.isArray(parsed) ? parsed : (parsed.segments ?? []);
  return segments.map((segment) => segment.text).join('\n');
}

describe('analyzeTranscriptFiles', () => {
  it('states no times for a transcript file without timings, in the analysis or the story', async () => {
    const result = await analyzeTranscriptFiles(createLocalAnalyzer(), [{ content: await untimedText(), filename: 'council_2026-01-13.txt' }], { story: true });
    expect(result.timed).toBe(false);
    expect(result.analysis.highlights.length).toBeGreaterThan(0);
    for (const highlight of result.analysis.highlights) {
      expect(highlight.start_ms ?? null).toBeNull();
      expect(highlight.timestamp).toBe('');
      for (const quote of highlight.quotes) expect(quote.start_ms ?? null).toBeNull();
    }
    for (const item of result.analysis.action_items) expect(item.start_ms ?? null).toBeNull();
    const story = JSON.stringify(result.story);
    // Clock times the speakers said ("6:02 p.m.") may stay; no second of a video may be claimed.
    expect(story).not.toMatch(/Said at|minute meeting|"start_ms":\d|Moments marked in the video|at the given times/);
  });
});

describe('analyzeTranscriptFiles with the model', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  const REAL_RESULT = 'The motion passes four to one, with Councilmember Whitcomb voting no.';
  const decision = (text: string, timestamp: string) => ({
    item: null, item_number: null, motion: null, outcome: 'passed', tally: null, vote_kind: null, unanimous: false, mover: null, seconder: null,
    evidence: [{ text, timestamp }],
  });

  it('keeps a decision whose evidence the transcript holds and drops one whose evidence was invented', async () => {
    const timestamps: string[] = [];
    fake.script({
      kind: 'hook',
      handle: (request) => {
        const line = request.prompt.split('\n').find((text) => text.includes(REAL_RESULT)) ?? '';
        const timestamp = /^\[(\d+:\d{2}:\d{2})\]/.exec(line)?.[1] ?? 'not in the prompt';
        timestamps.push(timestamp);
        const decisions = [decision(REAL_RESULT, timestamp), decision('The motion to sell City Hall passes five to zero.', timestamp)];
        return { kind: 'reply', content: { summary: 'The council voted.', highlights: [], action_items: [], entities: [], decisions } };
      },
    });
    const content = await fs.readFile(DEMO_TRANSCRIPT, 'utf8');
    const result = await analyzeTranscriptFiles(analyzerFor(fake, harness()), [{ content, filename: 'council_2026-01-13.json' }]);

    expect(timestamps).toEqual([expect.stringMatching(/^\d+:\d{2}:\d{2}$/)]);
    const segments = (JSON.parse(content) as { segments: Array<{ start: number; text: string }> }).segments;
    const said = segments.find((segment) => segment.text.includes(REAL_RESULT))!;
    expect(result.analysis.decisions).toHaveLength(1);
    const [kept] = result.analysis.decisions!;
    expect(kept!.evidence).toEqual([{ text: REAL_RESULT, start_ms: Math.round(said.start * 1000), verification_status: 'verified' }]);
    expect(JSON.stringify(result.analysis)).not.toContain('City Hall');
  });
});
