/** Text transcripts: timestamped lines, a Markdown table with a time column, or plain untimed lines. */
import { parseTimestamp, type TranscriptSegment } from '../transcript.js';
import { decodeEntities, splitSpeaker } from './caption-text.js';
import { TranscriptFormatError, type ParsedTranscript } from './parsed-transcript.js';

// 150 spoken words a minute: the usual pace of meeting speech, used to place untimed lines.
const MS_PER_WORD = 400;
const LONG_LINE_WORDS = 60;
const CHUNK_WORDS = 40;
const TIMESTAMP_LINE = /^\[?((?:\d{1,2}:)?\d{1,2}:\d{2})\]?(?:\s+(.*))?$/;

export function parseText(text: string): ParsedTranscript {
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
