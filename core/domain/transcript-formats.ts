/**
 * Reads an uploaded or fetched transcript file into segments: WebVTT, SRT, the JSON shapes of
 * youtube-transcript / youtube-transcript-api / CouncilDataProject, our own segment JSON, and
 * plain text. The format is sniffed from the content; the file name only breaks ties.
 */
import { z } from 'zod';
import { parseTimestamp, type TranscriptSegment } from './transcript.js';

export type TranscriptFileFormat =
  | 'webvtt' | 'srt'
  | 'json-seconds' | 'json-milliseconds' | 'json-segments'
  | 'cdp-sentences' | 'cdp-words' | 'cdp-v4'
  | 'timestamped-text' | 'plain-text';

export interface ParsedTranscript {
  segments: TranscriptSegment[];
  format: TranscriptFileFormat;
  /** False when times were estimated from word position (plain text without timestamps). */
  timed: boolean;
}

/** The file is not a transcript in any supported format; the message is one line for the user. */
export class TranscriptFormatError extends Error {
  override name = 'TranscriptFormatError';
}

/**
 * A transcript file's bytes as text: UTF-8 unless a byte-order mark says UTF-16 (what Windows
 * tools such as Notepad write as "Unicode"), so such files are read instead of looking binary.
 */
export function decodeTranscriptBytes(bytes: Uint8Array): string {
  const [b0, b1] = bytes;
  const encoding = b0 === 0xff && b1 === 0xfe ? 'utf-16le' : b0 === 0xfe && b1 === 0xff ? 'utf-16be' : 'utf-8';
  // The decoder drops the byte-order mark itself.
  return new TextDecoder(encoding).decode(bytes);
}

export function parseTranscriptFile(content: string, hint: { filename?: string } = {}): ParsedTranscript {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) throw new TranscriptFormatError('the transcript file is empty');
  if (looksBinary(text)) throw new TranscriptFormatError('the file is binary, not a text transcript');
  const extension = /\.([a-z0-9]+)$/i.exec(hint.filename ?? '')?.[1]?.toLowerCase();
  const head = text.trimStart();
  if (extension === 'json' || head.startsWith('{') || opensJsonArray(head)) return parseJson(text);
  if (head.startsWith('WEBVTT')) return parseCues(text, 'webvtt');
  if (extension === 'vtt' || extension === 'srt' || CUE_TIMING.test(text)) {
    const format = extension === 'srt' || /-->\s*[\d:]+,\d/.test(text) ? 'srt' : 'webvtt';
    return parseCues(text, format);
  }
  return parseText(text);
}

// A text transcript may open with "[Music]" or "[0:05]": "[" means JSON when an object, array,
// string or "]" follows, or when the whole file parses ("[1, 2]", refused later for its shape).
function opensJsonArray(head: string): boolean {
  if (!head.startsWith('[')) return false;
  if (/^\[\s*[{["\]]/.test(head)) return true;
  try {
    JSON.parse(head);
    return true;
  } catch {
    return false;
  }
}

// Control characters other than tab and newlines, or decoder replacement marks, mean the bytes
// were not text; a stray one or two is tolerated because real caption exports contain them.
function looksBinary(text: string): boolean {
  if (text.includes('\0')) return true;
  // eslint-disable-next-line no-control-regex -- detecting binary input
  const odd = text.match(/[\x01-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFD]/g)?.length ?? 0;
  return odd > Math.max(2, text.length / 100);
}

// ---------------------------------------------------------------- caption text

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—',
  ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
};

function decodeEntities(text: string): string {
  // YouTube's classic caption XML arrives double-encoded ("&amp;#39;").
  return text
    .replace(/&amp;(?=#?[a-z0-9]+;)/gi, '&')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (!name.startsWith('#')) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    });
}

/** Caption text without markup: tags and {\an8} overrides gone, entities decoded, spaces collapsed. */
function stripMarkup(raw: string): string {
  return decodeEntities(raw.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, '')).replace(/\s+/g, ' ').trim();
}

// ">>" is the broadcast captioner's speaker-change mark, sometimes followed by "NAME:".
const TURN_MARK = /^(?:>>\s*)+/;

/** Markup-free caption text without the ">>" speaker-change mark. */
function cleanCaption(raw: string): string {
  return stripMarkup(raw).replace(TURN_MARK, '');
}

// ---------------------------------------------------------------- WebVTT and SRT

const TIME = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}`;
const CUE_TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})`, 'm');
const VOICE_TAG = /<v(?:\.[^\s>]*)?\s+([^>]+)>/;
// YouTube's auto captions hold each line on screen for a 10 ms cue before rolling it up.
const FLASH_CUE_MS = 50;

interface CaptionLine {
  text: string;
  speaker: string | null;
}

/**
 * A cue's lines with who says each: a voice tag names the whole cue; otherwise ">> NAME:" names
 * a turn that lasts, across cues, until the next ">>" (a bare ">>" is an unnamed speaker).
 */
function readCueLines(body: readonly string[], turn: { speaker: string | null }): CaptionLine[] {
  const voice = VOICE_TAG.exec(body.join(' '))?.[1]?.trim() || null;
  const lines: CaptionLine[] = [];
  for (const raw of body) {
    let text = stripMarkup(raw);
    const mark = TURN_MARK.exec(text);
    if (mark) {
      text = text.slice(mark[0].length);
      const label = SPEAKER_LABEL.exec(text);
      turn.speaker = label?.[1] ?? null;
      if (label) text = label[2] ?? '';
    }
    if (text) lines.push({ text, speaker: voice ?? turn.speaker });
  }
  return lines;
}

function parseCues(text: string, format: 'webvtt' | 'srt'): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  const turn = { speaker: null as string | null };
  let previousLine = '';
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    const timing = CUE_TIMING.exec(lines[timingAt] ?? '');
    if (!timing || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const start = parseTimestamp(timing[1] ?? '') ?? 0;
    const end = Math.max(start, parseTimestamp(timing[2] ?? '') ?? start);
    const cueLines = readCueLines(lines.slice(timingAt + 1), turn);
    const repeatsPrevious = cueLines[0]?.text === previousLine;
    previousLine = cueLines.at(-1)?.text ?? previousLine;
    // Drop the rolled-up copy of the previous line, but never a whole ordinary cue: two
    // council members answering "Aye." in a row are two cues.
    if (repeatsPrevious && (cueLines.length > 1 || end - start <= FLASH_CUE_MS)) cueLines.shift();
    // Lines of one speaker make one segment; a turn starting inside the cue starts another.
    const cueFrom = segments.length;
    for (const line of cueLines) {
      const last = segments.at(-1);
      if (last && segments.length > cueFrom && last.speaker === line.speaker) last.text += ` ${line.text}`;
      else segments.push({ start_ms: start, end_ms: end, speaker: line.speaker, text: line.text });
    }
  }
  if (segments.length === 0) {
    throw new TranscriptFormatError(`no ${format === 'srt' ? 'SRT' : 'WebVTT'} cues with text found`);
  }
  return { segments, format, timed: true };
}

// ---------------------------------------------------------------- JSON

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

function parseJson(text: string): ParsedTranscript {
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

// ---------------------------------------------------------------- plain text

// 150 spoken words a minute: the usual pace of meeting speech, used to place untimed lines.
const MS_PER_WORD = 400;
const LONG_LINE_WORDS = 60;
const CHUNK_WORDS = 40;
const TIMESTAMP_LINE = /^\[?((?:\d{1,2}:)?\d{1,2}:\d{2})\]?(?:\s+(.*))?$/;
// "Mayor Lee: ..." or "SPEAKER 2: ...": up to 5 words, each capitalised or a number, so that a
// sentence with a colon ("We agreed on this: ...") is not taken for a name.
const LABEL_WORD = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*`;
const SPEAKER_LABEL = new RegExp(String.raw`^(${LABEL_WORD}(?: ${LABEL_WORD}){0,4}):\s+(\S.*)$`, 'u');

function parseText(text: string): ParsedTranscript {
  const lines = text.split('\n').map((line) => decodeEntities(line).replace(/\s+/g, ' ').trim());
  const nonEmpty = lines.filter(Boolean);
  const stamps = nonEmpty.flatMap((line) => {
    const match = TIMESTAMP_LINE.exec(line);
    return match ? [parseTimestamp(match[1] ?? '') ?? 0] : [];
  });
  const rising = stamps.every((ms, i) => i === 0 || ms >= (stamps[i - 1] ?? 0));
  if (TIMESTAMP_LINE.test(nonEmpty[0] ?? '') && stamps.length >= 2 && rising) {
    return parseTimestampedText(nonEmpty);
  }
  return parseTimeTable(nonEmpty) ?? parsePlainText(nonEmpty);
}

/** "| 0:02:13| Is there a motion to approve the minutes?| [source video](…)|": a time cell, then the words. */
const TABLE_ROW = /^\|\s*((?:\d{1,2}:)?\d{1,2}:\d{2})\s*\|\s*(.*?)\s*\|(?:.*\|)?\s*$/;
/** Headings, the header row and the rule row of a Markdown table carry no words. */
const TABLE_FURNITURE = /^#{1,6}\s|^\|?[\s|:-]+\|?$|^\|\s*time\s*\|/i;

/**
 * A transcript published as a Markdown table with a time column (the Knoxville archive's
 * Whisper output): each row's time is when its words were said, so the transcript is timed.
 * Null unless every line is a row or table furniture and the times never go back.
 */
function parseTimeTable(lines: readonly string[]): ParsedTranscript | null {
  const rows: { start: number; text: string }[] = [];
  for (const line of lines) {
    if (TABLE_FURNITURE.test(line)) continue;
    const match = TABLE_ROW.exec(line);
    const start = match ? parseTimestamp(match[1] ?? '') : null;
    if (start === null || (rows.length > 0 && start < (rows.at(-1)?.start ?? 0))) return null;
    rows.push({ start, text: match?.[2] ?? '' });
  }
  if (rows.length < 2) return null;
  const segments: TranscriptSegment[] = [];
  rows.forEach((row, i) => {
    if (!row.text) return;
    const end = rows[i + 1]?.start ?? row.start + countWords(row.text) * MS_PER_WORD;
    segments.push({ start_ms: row.start, end_ms: Math.max(row.start, end), speaker: null, text: row.text });
  });
  return segments.length > 0 ? { segments, format: 'timestamped-text', timed: true } : null;
}

/** "0:05\nGood evening" or "[1:02:03] Good evening", as copied from a video site's transcript panel. */
function parseTimestampedText(lines: readonly string[]): ParsedTranscript {
  const turns: { start: number; text: string }[] = [];
  for (const line of lines) {
    const match = TIMESTAMP_LINE.exec(line);
    const current = turns.at(-1);
    if (match) turns.push({ start: parseTimestamp(match[1] ?? '') ?? 0, text: match[2] ?? '' });
    else if (current) current.text = `${current.text} ${line}`.trim();
  }
  const segments: TranscriptSegment[] = [];
  let speaker: string | null = null;
  turns.forEach((turn, i) => {
    const labelled = splitSpeaker(turn.text, speaker);
    speaker = labelled.speaker;
    const next = turns[i + 1]?.start;
    const end = next ?? turn.start + countWords(labelled.text) * MS_PER_WORD;
    if (!labelled.text) return;
    segments.push({ start_ms: turn.start, end_ms: Math.max(turn.start, end), speaker, text: labelled.text });
  });
  if (segments.length === 0) throw new TranscriptFormatError('the timestamped transcript has no text');
  return { segments, format: 'timestamped-text', timed: true };
}

/** Untimed lines placed by word position; a label carries over to following unlabelled lines. */
function parsePlainText(lines: readonly string[]): ParsedTranscript {
  const segments: TranscriptSegment[] = [];
  let speaker: string | null = null;
  let wordsBefore = 0;
  for (const line of lines) {
    const labelled = splitSpeaker(line.replace(/^(>>\s*)+/, ''), speaker);
    speaker = labelled.speaker;
    for (const chunk of chunkLongLine(labelled.text)) {
      const words = countWords(chunk);
      const start = wordsBefore * MS_PER_WORD;
      segments.push({ start_ms: start, end_ms: start + words * MS_PER_WORD, speaker, text: chunk });
      wordsBefore += words;
    }
  }
  if (segments.length === 0) throw new TranscriptFormatError('the transcript has no text');
  return { segments, format: 'plain-text', timed: false };
}

function splitSpeaker(text: string, fallback: string | null): { speaker: string | null; text: string } {
  const match = SPEAKER_LABEL.exec(text);
  return match ? { speaker: match[1] ?? null, text: match[2] ?? '' } : { speaker: fallback, text };
}

// A pasted paragraph can be a whole speech; sentence-sized pieces keep search hits and quote
// timestamps close to the words.
function chunkLongLine(text: string): string[] {
  if (countWords(text) <= LONG_LINE_WORDS) return text ? [text] : [];
  const chunks: string[] = [];
  let chunk = '';
  for (const sentence of text.split(/(?<=[.?!])\s+/)) {
    if (chunk && countWords(chunk) + countWords(sentence) > CHUNK_WORDS) {
      chunks.push(chunk);
      chunk = '';
    }
    chunk = chunk ? `${chunk} ${sentence}` : sentence;
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
