import { describe, expect, it } from 'vitest';
import { joinTranscriptParts } from './transcript-parts.js';
import type { ParsedTranscript } from './transcript-formats.js';

const segment = (start_ms: number, end_ms: number, text: string, speaker: string | null = null) => ({ start_ms, end_ms, speaker, text });

const partOne: ParsedTranscript = {
  format: 'webvtt',
  timed: true,
  segments: [segment(1000, 5000, 'Call to order.', 'Mayor Lee'), segment(5000, 750_000, 'Public comment.')],
};
const partTwo: ParsedTranscript = {
  format: 'json-seconds',
  timed: true,
  segments: [segment(0, 4000, 'We are back.', 'SPEAKER_00'), segment(4000, 9000, 'Adjourned.')],
};
const untimed: ParsedTranscript = { format: 'plain-text', timed: false, segments: [segment(0, 1200, 'Notes.'), segment(1200, 2400, 'More notes.')] };

describe('joinTranscriptParts', () => {
  it('moves each part past the end of the one before and lists where each starts', () => {
    const joined = joinTranscriptParts([{ name: 'a.vtt', parsed: partOne }, { name: 'b.json', parsed: partTwo }]);
    expect(joined.timed).toBe(true);
    expect(joined.segments).toEqual([
      segment(1000, 5000, 'Call to order.', 'Mayor Lee'),
      segment(5000, 750_000, 'Public comment.'),
      segment(750_000, 754_000, 'We are back.', 'SPEAKER_00'),
      segment(754_000, 759_000, 'Adjourned.'),
    ]);
    expect(joined.parts).toEqual([
      { name: 'a.vtt', format: 'webvtt', timed: true, segments: 2, start_ms: 0 },
      { name: 'b.json', format: 'json-seconds', timed: true, segments: 2, start_ms: 750_000 },
    ]);
  });

  it('keeps the order given, not the order of the times', () => {
    const joined = joinTranscriptParts([{ name: 'b.json', parsed: partTwo }, { name: 'a.vtt', parsed: partOne }]);
    expect(joined.segments.map((s) => s.text)).toEqual(['We are back.', 'Adjourned.', 'Call to order.', 'Public comment.']);
    expect(joined.parts.map((p) => p.start_ms)).toEqual([0, 9000]);
    expect(joined.segments[2]?.start_ms).toBe(10_000);
  });

  it('ends a part at its latest segment when an earlier cue outlasts the last one', () => {
    const overlapping: ParsedTranscript = { format: 'webvtt', timed: true, segments: [segment(0, 60_000, 'Long.'), segment(10_000, 12_000, 'Short.')] };
    const joined = joinTranscriptParts([{ name: 'a', parsed: overlapping }, { name: 'b', parsed: partTwo }]);
    expect(joined.parts[1]?.start_ms).toBe(60_000);
  });

  it('joins untimed parts without times: estimates still follow each other, no part claims a moment', () => {
    const joined = joinTranscriptParts([{ name: 'a.vtt', parsed: partOne }, { name: 'notes.txt', parsed: untimed }, { name: 'c.txt', parsed: untimed }]);
    expect(joined.timed).toBe(false);
    expect(joined.parts.map((p) => [p.name, p.timed, p.start_ms])).toEqual([['a.vtt', true, null], ['notes.txt', false, null], ['c.txt', false, null]]);
    const starts = joined.segments.map((s) => s.start_ms);
    expect(starts).toEqual([1000, 5000, 750_000, 751_200, 752_400, 753_600]);
  });

  it('leaves a single part as it was', () => {
    expect(joinTranscriptParts([{ name: 'a.vtt', parsed: partOne }]).segments).toEqual(partOne.segments);
  });
});
