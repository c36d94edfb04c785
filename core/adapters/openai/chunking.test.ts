import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { COMMITTEE_FILE, loadRealTranscript } from '../../testing/real-transcripts.js';
import { chunkTranscript, closingRemarks, estimateTokens, formatClock, formatTranscriptLines } from './chunking.js';
import { groupParts } from './map-reduce.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

const seg = (start_s: number, speaker: string | null, text: string): TranscriptSegment => ({
  start_ms: start_s * 1000,
  end_ms: start_s * 1000 + 2000,
  speaker,
  text,
});

describe('formatTranscriptLines', () => {
  it('writes [H:MM:SS] Speaker: text and joins a speaker’s short fragments', () => {
    const lines = formatTranscriptLines([
      seg(5, 'Mayor Lopez', 'Good evening,'),
      seg(7, 'Mayor Lopez', '  everyone.'),
      seg(3725, 'Clerk', 'Item one.'),
      seg(3730, null, 'Inaudible comment.'),
      seg(3735, null, '   '),
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      '[0:00:05] Mayor Lopez: Good evening, everyone.',
      '[1:02:05] Clerk: Item one.',
      '[1:02:10] Inaudible comment.',
    ]);
    expect(lines[0]).toMatchObject({ start_ms: 5000, end_ms: 9000 });
  });

  it('starts a new line once a stretch reaches about 400 characters', () => {
    const words = 'word '.repeat(30).trim(); // 149 characters
    const lines = formatTranscriptLines([seg(0, 'A', words), seg(2, 'A', words), seg(4, 'A', words)]);
    expect(lines.length).toBe(2);
    expect(lines[1]!.text.startsWith('[0:00:04] A: ')).toBe(true);
  });
});

describe('chunkTranscript', () => {
  const segments = REAL ? loadRealTranscript(COMMITTEE_FILE) : [];

  it.skipIf(!REAL)('keeps a transcript that fits in one chunk', () => {
    const chunks = chunkTranscript(segments, { budgetTokens: 100_000 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.start_ms).toBe(segments[0]!.start_ms);
  });

  it.skipIf(!REAL)('splits the 73-minute Seattle meeting on line boundaries, under budget, with overlap', () => {
    const chunks = chunkTranscript(segments, { budgetTokens: 3_000 });
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(3_000);
    for (let i = 1; i < chunks.length; i++) {
      const previousLines = chunks[i - 1]!.text.split('\n');
      const firstLine = chunks[i]!.text.split('\n')[0]!;
      expect(previousLines).toContain(firstLine); // overlap: the chunk starts inside the previous one
      expect(chunks[i]!.start_ms).toBeGreaterThan(chunks[i - 1]!.start_ms);
    }
    // Every line of the transcript is in some chunk.
    const all = new Set(chunks.flatMap((c) => c.text.split('\n')));
    for (const line of formatTranscriptLines(segments)) expect(all.has(line.text)).toBe(true);
    expect(chunks.at(-1)!.end_ms).toBe(segments.at(-1)!.end_ms);
  });

  it('cuts a single enormous segment (a pasted transcript) between words', () => {
    const text = Array.from({ length: 4000 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkTranscript([{ start_ms: 0, end_ms: 1000, speaker: null, text }], { budgetTokens: 1_000, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(1_000);
      expect(chunk.text.startsWith('[0:00:00] ')).toBe(true);
    }
    expect(chunks.map((c) => c.text.replace(/\[0:00:00\] /g, '')).join(' ')).toBe(text);
  });
});

describe('helpers', () => {
  it('estimates a token per four characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('formats clocks with hours always shown', () => {
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(4_383_900)).toBe('1:13:03');
  });

  it('takes the closing remarks from the end, in whole lines', () => {
    const closing = closingRemarks([seg(0, 'A', 'Opening words here.'), seg(10, 'B', 'Next meeting is July 9.')], 12);
    expect(closing).toBe('[0:00:10] B: Next meeting is July 9.');
  });

  it('groups summaries so every merge round shrinks', () => {
    const parts = Array.from({ length: 7 }, () => ({ summary: 'x'.repeat(400) }));
    const groups = groupParts(parts, 250);
    expect(groups.map((g) => g.length)).toEqual([2, 2, 2, 1]);
    expect(groupParts(parts, 100_000)).toHaveLength(1);
  });
});
