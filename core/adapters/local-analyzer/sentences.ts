import type { TranscriptSegment } from '../../domain/transcript.js';
import { countWords } from './text.js';

/** One spoken sentence, timed at the start of the segment it begins in. */
export interface Sentence {
  index: number;
  /** The transcript's own words: segment text joined by single spaces, nothing rewritten. */
  text: string;
  start_ms: number;
  end_ms: number;
  speaker: string | null;
}

/** Unpunctuated captions (YouTube auto-captions) are cut at a segment boundary past this length. */
const SOFT_MAX_WORDS = 40;
/** A single enormous unpunctuated segment is cut into pieces of this many words. */
const HARD_MAX_WORDS = 80;

/** Titles that are followed by a name, never by a new sentence. */
const TITLE_ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'prof', 'gov', 'sen', 'rep', 'hon', 'lt', 'sgt']);

/** Splits one segment's text into pieces that end a sentence (true) or run on (false). */
function splitPieces(text: string): Array<{ text: string; ends: boolean }> {
  const pieces: Array<{ text: string; ends: boolean }> = [];
  const boundary = /[.!?]+["'\u201d\u2019)\]]*(?=\s+|$)/g;
  let from = 0;
  for (const match of text.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const before = text.slice(from, match.index).split(/\s+/).pop()?.toLowerCase() ?? '';
    const next = text.slice(end).trimStart();
    // "Dr. Smith" or "9:30 a.m. on Monday" are not sentence ends; a lowercase next word rarely follows one.
    if (match[0].startsWith('.') && (TITLE_ABBREVIATIONS.has(before) || /^[a-z]/.test(next))) continue;
    pieces.push({ text: text.slice(from, end).trim(), ends: true });
    from = end;
  }
  const rest = text.slice(from).trim();
  if (rest) pieces.push({ text: rest, ends: false });
  return pieces.filter((piece) => piece.text.length > 0);
}

function chunkWords(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= HARD_MAX_WORDS) return [text];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += SOFT_MAX_WORDS) chunks.push(words.slice(i, i + SOFT_MAX_WORDS).join(' '));
  return chunks;
}

/**
 * Sentences in meeting order. A sentence may span segments (captions cut mid-sentence) but
 * never two speakers; its text is always a contiguous span of the transcript.
 */
export function splitSentences(segments: readonly TranscriptSegment[]): Sentence[] {
  const sentences: Sentence[] = [];
  let parts: string[] = [];
  let start = 0;
  let end = 0;
  let speaker: string | null = null;

  const flush = () => {
    const text = parts.join(' ').trim();
    if (text) sentences.push({ index: sentences.length, text, start_ms: start, end_ms: end, speaker });
    parts = [];
  };

  for (const segment of segments) {
    if (parts.length > 0 && segment.speaker !== speaker) flush();
    if (parts.length > 0 && countWords(parts.join(' ')) >= SOFT_MAX_WORDS) flush();
    for (const piece of splitPieces(segment.text)) {
      for (const chunk of chunkWords(piece.text)) {
        if (parts.length === 0) {
          start = segment.start_ms;
          speaker = segment.speaker;
        }
        parts.push(chunk);
        end = segment.end_ms;
        if (piece.ends || countWords(parts.join(' ')) >= HARD_MAX_WORDS) flush();
      }
    }
  }
  flush();
  return sentences;
}
