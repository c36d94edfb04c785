/**
 * Arrays of segment objects: youtube-transcript's {text, offset, duration}, our own
 * {start_ms, end_ms}, and {start, end} as WhisperX, diarization turns and AssemblyAI
 * utterances write them, each with an optional speaker label.
 */
import { z } from 'zod/mini';
import { parseTimestamp } from '../transcript.js';
import { TranscriptFormatError, type ParsedTranscript } from './parsed-transcript.js';
import { timedResult, validate } from './json-timed.js';

// zod/mini, as every core/domain schema the web app loads (session.ts says why).
const time = z.number().check(z.nonnegative());
const speakerField = z.nullish(z.string());
// Some exports write times as clock strings ("00:12:03.500"); those carry their own unit.
const clock = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const ms = parseTimestamp(value);
    if (ms === null) ctx.issues.push({ code: 'custom', message: 'expected a number or "HH:MM:SS.mmm"', input: value });
    return { ms: ms ?? 0 };
  }),
);
const moment = z.union([time, clock]);

const ownItem = z.object({ text: z.string(), start_ms: time, end_ms: time, speaker: speakerField });
const offsetItem = z.object({ text: z.string(), offset: time, duration: time, speaker: speakerField });
const startItem = z.object({
  text: z.string(), start: moment, duration: z.optional(time), end: z.optional(moment),
  speaker: speakerField, speaker_label: speakerField, speaker_name: speakerField,
});
type StartItem = z.infer<typeof startItem>;

/** The key holding the array (a bare array counts as segments); it names the rows in errors. */
export type SegmentsShape = 'segments' | 'turns' | 'utterances';

export function readJsonItems(items: unknown[], shape: SegmentsShape = 'segments'): ParsedTranscript {
  const first: unknown = items[0];
  const row = shape.slice(0, -1);
  if (items.length === 0) throw new TranscriptFormatError(`the JSON transcript has no ${shape}`);
  if (typeof first !== 'object' || first === null) {
    throw new TranscriptFormatError(`the JSON transcript has no ${row} objects`);
  }
  if ('start_ms' in first) {
    const rows = validate(z.array(ownItem), items, row);
    return timedResult('json-segments', rows.map((r) => ({
      text: r.text, startSeconds: r.start_ms / 1000, endSeconds: r.end_ms / 1000, speaker: r.speaker,
    })));
  }
  if ('offset' in first) {
    const rows = validate(z.array(offsetItem), items, row);
    const scale = offsetsInMilliseconds(rows) ? 1000 : 1;
    return timedResult(scale === 1000 ? 'json-milliseconds' : 'json-seconds', rows.map((r) => ({
      text: r.text, startSeconds: r.offset / scale, endSeconds: (r.offset + r.duration) / scale,
      speaker: r.speaker,
    })));
  }
  if ('start' in first) return readStartItems(validate(z.array(startItem), items, row), shape);
  throw new TranscriptFormatError(`JSON ${shape} need start_ms, offset or start times`);
}

/**
 * Numbers in {start, end} are seconds, as WhisperX, pyannote and most diarization tools write
 * them, except in `utterances`: AssemblyAI documents those in integer milliseconds, so there a
 * number is milliseconds unless one of them has a fraction (only seconds have those).
 * Integer seconds elsewhere stay seconds: a 90-second public comment is an ordinary turn, so a
 * duration cannot tell the units apart.
 */
function readStartItems(rows: readonly StartItem[], shape: SegmentsShape): ParsedTranscript {
  const scale = shape === 'utterances' && !rows.some(hasFraction) ? 1000 : 1;
  const seconds = (value: StartItem['start']): number => (typeof value === 'number' ? value / scale : value.ms / 1000);
  return timedResult(scale === 1000 ? 'json-milliseconds' : 'json-seconds', rows.map((r) => {
    const start = seconds(r.start);
    return {
      text: r.text, startSeconds: start,
      endSeconds: r.end === undefined ? start + (r.duration ?? 0) / scale : seconds(r.end),
      // A name, when the file has one, says more than a diarization label.
      speaker: r.speaker_name ?? r.speaker ?? r.speaker_label,
    };
  }));
}

function hasFraction(row: StartItem): boolean {
  return [row.start, row.end, row.duration].some((value) => typeof value === 'number' && !Number.isInteger(value));
}

/**
 * youtube-transcript reports `offset`/`duration` in milliseconds for srv3 captions and in
 * seconds for classic ones. Classic values are decimals ("12.34"), srv3 values integers; and
 * no caption lasts over 60 s nor does a meeting pass 10 h (36 000 s), whereas in milliseconds
 * those are ordinary. So: milliseconds when every value is an integer and the longest duration
 * is over 60 or the last offset over 36 000; otherwise seconds.
 */
export function offsetsInMilliseconds(rows: readonly { offset: number; duration: number }[]): boolean {
  const integers = rows.every((r) => Number.isInteger(r.offset) && Number.isInteger(r.duration));
  if (!integers) return false;
  // A loop, not Math.max(...values): spreading a long transcript overflows the call stack.
  let longest = 0;
  let latest = 0;
  for (const row of rows) {
    longest = Math.max(longest, row.duration);
    latest = Math.max(latest, row.offset);
  }
  return longest > 60 || latest > 36_000;
}
