import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../adapters/local-model.js';
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
