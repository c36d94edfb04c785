import type { TranscriptSegment } from '../../domain/transcript.js';

/**
 * Token estimate: one token per 4 characters, OpenAI's rule of thumb for English text. It is
 * used for budgeting (chunk sizes, rate-limit reservations, the cost of a failed call), never
 * for billing, which uses the usage the API reports. Meeting speech tokenises close to it;
 * chunks keep a margin (the output reserve) so an underestimate does not overflow the context.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export const UNIDENTIFIED_SPEAKER = 'Unidentified speaker';

/** "0:05:12": always H:MM:SS in prompts, so the model copies one unambiguous format. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
}

export interface TranscriptLine {
  start_ms: number;
  end_ms: number;
  /** "[0:05:12] Speaker: words" */
  text: string;
}

/** A speaker's consecutive segments are joined into lines of about this many characters. */
const LINE_CHARS = 400;

/**
 * The transcript as the model reads it: `[H:MM:SS] Speaker: text`, one line per stretch of
 * one speaker (the speaker is left out when unknown). Short caption fragments are joined so
 * sentences are whole and timestamps do not dominate the token count; every timestamp shown
 * is the start of a real segment.
 */
export function formatTranscriptLines(segments: readonly TranscriptSegment[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  let current: { start_ms: number; end_ms: number; speaker: string | null; words: string } | null = null;
  const flush = () => {
    if (!current) return;
    const who = current.speaker ? `${current.speaker}: ` : '';
    lines.push({ start_ms: current.start_ms, end_ms: current.end_ms, text: `[${formatClock(current.start_ms)}] ${who}${current.words}` });
    current = null;
  };
  for (const segment of segments) {
    const words = segment.text.replace(/\s+/g, ' ').trim();
    if (!words) continue;
    if (current && (segment.speaker !== current.speaker || current.words.length + words.length > LINE_CHARS)) flush();
    if (current) {
      current.words += ` ${words}`;
      current.end_ms = segment.end_ms;
    } else {
      current = { start_ms: segment.start_ms, end_ms: segment.end_ms, speaker: segment.speaker, words };
    }
  }
  flush();
  return lines;
}

export interface Chunk {
  index: number;
  start_ms: number;
  end_ms: number;
  text: string;
  tokens: number;
}

export interface ChunkOptions {
  /** Most estimated tokens of transcript per chunk. */
  budgetTokens: number;
  /** Tokens of the previous chunk's end repeated at the start of the next (default: a tenth of the budget, at most 300). */
  overlapTokens?: number;
}

/**
 * Splits the transcript into chunks of at most `budgetTokens`, on line boundaries, each
 * starting with a little of the previous chunk's end so a passage cut in two is whole in one
 * of them. A line longer than the budget on its own is cut between words under its timestamp.
 */
export function chunkTranscript(segments: readonly TranscriptSegment[], options: ChunkOptions): Chunk[] {
  const budget = Math.max(1, Math.floor(options.budgetTokens));
  const overlap = Math.min(options.overlapTokens ?? Math.min(300, Math.floor(budget / 10)), Math.floor(budget / 2));
  const lines = formatTranscriptLines(segments).flatMap((line) => splitLongLine(line, budget));
  const chunks: Chunk[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    let tokens = 0;
    while (end < lines.length && tokens + lineTokens(lines[end]!) <= budget) tokens += lineTokens(lines[end++]!);
    end = Math.max(end, start + 1);
    chunks.push(makeChunk(chunks.length, lines.slice(start, end)));
    if (end >= lines.length) break;
    start = overlapStart(lines, start, end, overlap);
  }
  return chunks;
}

/** Where the next chunk starts: far enough back to repeat up to `overlap` tokens, but always past `start`. */
function overlapStart(lines: readonly TranscriptLine[], start: number, end: number, overlap: number): number {
  let next = end;
  let tokens = 0;
  while (next - 1 > start && tokens + lineTokens(lines[next - 1]!) <= overlap) tokens += lineTokens(lines[--next]!);
  return next;
}

/** A line's tokens including its newline. */
function lineTokens(line: TranscriptLine): number {
  return estimateTokens(line.text) + 1;
}

function makeChunk(index: number, lines: readonly TranscriptLine[]): Chunk {
  const text = lines.map((line) => line.text).join('\n');
  return { index, start_ms: lines[0]!.start_ms, end_ms: lines[lines.length - 1]!.end_ms, text, tokens: estimateTokens(text) };
}

function splitLongLine(line: TranscriptLine, budget: number): TranscriptLine[] {
  if (lineTokens(line) <= budget) return [line];
  const prefix = /^\[[^\]]+\] (?:[^:]{1,80}: )?/.exec(line.text)?.[0] ?? '';
  const maxChars = Math.max(1, (budget - 1) * 4 - prefix.length);
  const parts: TranscriptLine[] = [];
  let words = '';
  for (const word of line.text.slice(prefix.length).split(' ')) {
    if (words && words.length + 1 + word.length > maxChars) {
      parts.push({ ...line, text: prefix + words });
      words = '';
    }
    words = words ? `${words} ${word}` : word;
  }
  if (words) parts.push({ ...line, text: prefix + words });
  return parts;
}

/** The end of the meeting, where the next meeting is usually announced: whole lines within `budgetTokens`. */
export function closingRemarks(segments: readonly TranscriptSegment[], budgetTokens: number): string {
  const lines = formatTranscriptLines(segments);
  const picked: string[] = [];
  let tokens = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (tokens + lineTokens(line) > budgetTokens) break;
    picked.unshift(line.text);
    tokens += lineTokens(line);
  }
  return picked.join('\n');
}
