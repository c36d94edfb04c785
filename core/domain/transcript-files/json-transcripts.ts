/** The JSON shapes: youtube-transcript, youtube-transcript-api, CouncilDataProject and our own segments. */
import { z } from 'zod';
import type { TranscriptSegment } from '../transcript.js';
import { cleanCaption } from './caption-text.js';
import { TranscriptFormatError, type ParsedTranscript, type TranscriptFileFormat } from './parsed-transcript.js';

const time = z.number().nonnegative();
const speakerField = z.string().nullish();
const ownItem = z.object({ text: z.string(), start_ms: time, end_ms: time, speaker: speakerField });
const offsetItem = z.object({ text: z.string(), offset: time, duration: time, speaker: speakerField });
const startItem = z.object({
  text: z.string(), start: time, duration: time.optional(), end: time.optional(), speaker: speakerField,
});
const cdpItem = z.object({ text: z.string(), start_time: time, end_time: time });
const cdpSentence = cdpItem.extend({ speaker_name: z.string().nullish() });

type Timed = { text: string; startSeconds: number; endSeconds: number; speaker?: string | null };

export function parseJson(text: string): ParsedTranscript {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TranscriptFormatError(`invalid JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (Array.isArray(data)) return readJsonItems(data);
  if (Array.isArray(record.segments)) return readJsonItems(record.segments);
  if (typeof record.format === 'string' && Array.isArray(record.data)) {
    return readCdpData(record.format, record.data);
  }
  if (Array.isArray(record.sentences)) {
    const sentences = validate(z.array(cdpSentence), record.sentences, 'sentence');
    return timedResult('cdp-v4', sentences.map((s) => ({
      text: s.text, startSeconds: s.start_time, endSeconds: s.end_time, speaker: s.speaker_name,
    })));
  }
  throw new TranscriptFormatError(
    'JSON is not a transcript: expected an array of segments, {segments}, CDP {format, data} or CDP {sentences}',
  );
}

function readJsonItems(items: unknown[]): ParsedTranscript {
  const first: unknown = items[0];
  if (items.length === 0) throw new TranscriptFormatError('the JSON transcript has no segments');
  if (typeof first !== 'object' || first === null) {
    throw new TranscriptFormatError('the JSON transcript has no segment objects');
  }
  if ('start_ms' in first) {
    const rows = validate(z.array(ownItem), items, 'segment');
    return timedResult('json-segments', rows.map((r) => ({
      text: r.text, startSeconds: r.start_ms / 1000, endSeconds: r.end_ms / 1000, speaker: r.speaker,
    })));
  }
  if ('offset' in first) {
    const rows = validate(z.array(offsetItem), items, 'segment');
    const scale = offsetsInMilliseconds(rows) ? 1000 : 1;
    return timedResult(scale === 1000 ? 'json-milliseconds' : 'json-seconds', rows.map((r) => ({
      text: r.text, startSeconds: r.offset / scale, endSeconds: (r.offset + r.duration) / scale,
      speaker: r.speaker,
    })));
  }
  if ('start' in first) {
    const rows = validate(z.array(startItem), items, 'segment');
    return timedResult('json-seconds', rows.map((r) => ({
      text: r.text, startSeconds: r.start, endSeconds: r.end ?? r.start + (r.duration ?? 0),
      speaker: r.speaker,
    })));
  }
  throw new TranscriptFormatError('JSON segments need start_ms, offset or start times');
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

// Unpunctuated speech recognition would otherwise make one segment of a whole meeting.
const MAX_WORDS_PER_SENTENCE = 80;

function readCdpData(format: string, data: unknown[]): ParsedTranscript {
  if (format !== 'timestamped-sentences' && format !== 'timestamped-words') {
    throw new TranscriptFormatError(`unsupported CouncilDataProject transcript format "${format}"`);
  }
  const rows = validate(z.array(cdpItem), data, format === 'timestamped-words' ? 'word' : 'sentence');
  const items = rows.map((r) => ({ text: r.text, startSeconds: r.start_time, endSeconds: r.end_time }));
  if (format === 'timestamped-sentences') return timedResult('cdp-sentences', items);
  const sentences: Timed[] = [];
  let words: Timed[] = [];
  for (const word of items) {
    words.push(word);
    if (/[.?!]["')\]]*$/.test(word.text.trim()) || words.length >= MAX_WORDS_PER_SENTENCE) {
      sentences.push(joinWords(words));
      words = [];
    }
  }
  if (words.length > 0) sentences.push(joinWords(words));
  return timedResult('cdp-words', sentences);
}

function joinWords(words: readonly Timed[]): Timed {
  return {
    text: words.map((w) => w.text.trim()).join(' '),
    startSeconds: words[0]?.startSeconds ?? 0,
    endSeconds: words.at(-1)?.endSeconds ?? 0,
  };
}

function validate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const [index, ...field] = issue?.path ?? [];
  const where = field.length > 0 ? ` field ${field.join('.')}` : '';
  const problem = issue?.message ?? 'invalid';
  throw new TranscriptFormatError(`JSON ${what} ${String(index ?? '')}${where}: ${problem}`);
}

function timedResult(format: TranscriptFileFormat, items: readonly Timed[]): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  for (const item of items) {
    const text = cleanCaption(item.text);
    if (!text) continue;
    const start = Math.round(item.startSeconds * 1000);
    const end = Math.max(start, Math.round(item.endSeconds * 1000));
    segments.push({ start_ms: start, end_ms: end, speaker: item.speaker?.trim() || null, text });
  }
  if (segments.length === 0) throw new TranscriptFormatError('the JSON transcript has no text');
  return { segments, format, timed: true };
}
