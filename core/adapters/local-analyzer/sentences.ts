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
  /** False when the sentence was cut before its end (a run-on caption cut at a length limit): quotes from it end in "…". */
  complete: boolean;
  /**
   * False when it begins where a run-on was cut at the word limit, in the middle of what was
   * said ("… they played at | HECKED a couple of days ago …"): never the start of a quote.
   */
  opens: boolean;
}

/** Unpunctuated captions (YouTube auto-captions) are cut at a segment boundary past this length. */
const SOFT_MAX_WORDS = 40;
/** A single enormous unpunctuated segment is cut into pieces of this many words. */
const HARD_MAX_WORDS = 80;

/** Titles that are followed by a name, never by a new sentence. */
const TITLE_ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'prof', 'gov', 'sen', 'rep', 'hon', 'lt', 'sgt', 'ave', 'mt', 'ft']);
/** Abbreviations that may end a sentence or sit inside one: "Inc.", "U.S.", "H.U.D.", "a.m.". */
const CLOSING_ABBREVIATIONS = new Set(['inc', 'co', 'corp', 'ltd', 'jr', 'sr', 'etc', 'llc', 'no', 'nos']);
const INITIALISM = /^(?:\p{L}\.)+\p{L}$/u;
/** Words that open a new sentence after an abbreviation ("… at 9:39 a.m. We will start …"). */
const SENTENCE_OPENER = /^(?:I|We|The|This|That|It|So|And|But|Now|Okay|Thank|Thanks|Our|My|On|In|At|If|Is|Are|There|They|He|She|You|Good|All|Any|Let|Next|Please|Yes|No|Hearing|Seeing|Again|Item|Agenda)\b/;

/** Splits one segment's text into pieces that end a sentence (true) or run on (false). */
function splitPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  const boundary = /[.!?]+["'\u201d\u2019)\]]*(?=\s+|$)/g;
  let from = 0;
  for (const match of text.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const said = text.slice(from, match.index).split(/\s+/);
    const before = said[said.length - 1] ?? '';
    const next = text.slice(end).trimStart();
    if (match[0] === '.' && (isMiddleInitial(said[said.length - 2] ?? '', before, next) || !endsSentence(before.toLowerCase(), next))) continue;
    pieces.push({ text: text.slice(from, end).trim(), ends: true });
    from = end;
  }
  const rest = text.slice(from).trim();
  if (rest) pieces.push({ text: rest, ends: false });
  return pieces.filter((piece) => piece.text.length > 0).flatMap(splitRunOn);
}


/**
 * Where a chair's words end a sentence in captions without punctuation: after the result ("… the
 * ayes have it", "… the docket is passed") and before the next call ("all those in favor …", "mr
 * clerk please read …"). Only text without a sentence end of its own is cut (or a run-on long
 * enough to hold several calls), so "The ayes have it and so ordered." stays whole.
 */
const SPOKEN_END = /\b(?:the\s+)?(?:ayes|eyes|nays|noes)\s+have\s+it\b|\b(?:docket|motion|order|matter|item|resolution|ordinance)\s+(?:is|has\s+been|was)\s+(?:passed|adopted|approved|carried|referred|placed\s+on\s+file)\b/gi;
const SPOKEN_START = /(?:^|\s)(?=(?:all\s+(?:those\s+)?in\s+favou?r|(?:mr\.?|madam|madame)\s+(?:clerk|clark|quirk)\b))/gi;

interface Piece {
  text: string;
  ends: boolean;
  /** Starts a call of its own ("all those in favor …"): what came before it is a sentence. */
  opens?: boolean;
}

function splitRunOn(piece: Piece): Piece[] {
  if (piece.ends && countWords(piece.text) < SOFT_MAX_WORDS) return [piece];
  const ends = new Set<number>();
  const starts = new Set<number>();
  for (const match of piece.text.matchAll(SPOKEN_END)) ends.add((match.index ?? 0) + match[0].length);
  for (const match of piece.text.matchAll(SPOKEN_START)) starts.add((match.index ?? 0) + match[0].length);
  const points = [...new Set([...ends, ...starts])].filter((at) => at < piece.text.trimEnd().length).sort((a, b) => a - b);
  const endsHere = [...ends].some((at) => at >= piece.text.trimEnd().length);
  if (points.length === 0) return [{ ...piece, ends: piece.ends || endsHere }];
  const parts: Piece[] = [];
  let from = 0;
  for (const at of [...points, piece.text.length]) {
    const text = piece.text.slice(from, at).trim();
    if (text) parts.push({ text, ends: at < piece.text.length ? ends.has(at) || starts.has(at) : piece.ends || endsHere, opens: starts.has(from) });
    from = at;
  }
  return parts;
}

/**
 * Whether a period after `before` ends the sentence: "Dr. Smith", "No. 5", "the U.S. Department"
 * and "9:30 a.m. on Monday" do not; "… Eagle CDI, Inc. We move on" and "at 9:39 a.m. On our
 * agenda" do. A lowercase next word rarely follows a sentence end.
 */
function endsSentence(before: string, next: string): boolean {
  const word = before.replace(/^[("“'‘]+/, '');
  const lower = word.toLowerCase();
  if (TITLE_ABBREVIATIONS.has(lower)) return false;
  if (/^[a-z]/.test(next)) return false;
  if (!isAbbreviation(word)) return true;
  // At a segment's end the next segment decides (see splitSentences).
  if (next === '') return true;
  if ((lower === 'no' || lower === 'nos') && /^\d/.test(next)) return false;
  return SENTENCE_OPENER.test(next);
}

/** "Indya J.": a capital letter after a name, which a surname may follow. */
const isInitialAfterName = (previous: string, initial: string) => /^\p{Lu}$/u.test(initial) && /^\p{Lu}\p{Ll}+,?$/u.test(previous);
/** "Kincannon, mayor of …" after an initial: a capitalised word that opens no sentence ("Plan B. The next item" does). */
const isSurnameStart = (next: string) => /^\p{Lu}\p{Ll}/u.test(next) && !SENTENCE_OPENER.test(next);

/** "Indya J. Kincannon", "George C. Wallace": an initial between two names ends nothing. */
function isMiddleInitial(previous: string, initial: string, next: string): boolean {
  return isInitialAfterName(previous, initial) && isSurnameStart(next);
}

function isAbbreviation(word: string): boolean {
  return INITIALISM.test(word) || CLOSING_ABBREVIATIONS.has(word.toLowerCase());
}

/** A piece ending "… using U.S." or "… CDI, Inc.": whether it ends the sentence depends on what follows. */
function endsInAbbreviation(piece: string): boolean {
  const match = /(\S+)\.$/.exec(piece);
  return match !== null && isAbbreviation(match[1]?.replace(/^[("“'‘]+/, '') ?? '');
}

/** A piece ending "… I, Indya J." at a segment's end: the surname may open the next segment. */
function endsInInitial(piece: string): boolean {
  const words = piece.split(/\s+/);
  return isInitialAfterName(words[words.length - 2] ?? '', (words[words.length - 1] ?? '').replace(/\.$/, ''));
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
  let opens = true;

  const flush = (cutAtLimit = false) => {
    const text = parts.join(' ').trim();
    if (text) sentences.push({ index: sentences.length, text, start_ms: start, end_ms: end, speaker, complete: /[.!?]["'\u201d\u2019)\]]*$/.test(text), opens });
    parts = [];
    if (text) opens = !cutAtLimit;
  };

  // Set when the last piece ended at an abbreviation (or a name's initial): the next segment's first word decides.
  let openAbbreviation = false;
  let openInitial = false;
  for (const segment of segments) {
    // Segments are usually cut at sentence ends: only a lowercase or numeric start continues one, or a surname after an initial.
    const continues = /^[a-z\d]/.test(segment.text.trim()) || (openInitial && isSurnameStart(segment.text.trim()));
    if (openAbbreviation && (segment.speaker !== speaker || !continues)) flush();
    openAbbreviation = false;
    openInitial = false;
    if (parts.length > 0 && segment.speaker !== speaker) flush();
    if (parts.length > 0 && countWords(parts.join(' ')) >= SOFT_MAX_WORDS) flush();
    const pieces = splitPieces(segment.text);
    pieces.forEach((piece, p) => {
      if (!piece.ends || p !== pieces.length - 1) return;
      const initial = endsInInitial(piece.text);
      if (initial || endsInAbbreviation(piece.text)) {
        piece.ends = false;
        openAbbreviation = true;
        openInitial = initial;
      }
    });
    for (const piece of pieces) {
      if (piece.opens && parts.length > 0) flush();
      const chunks = chunkWords(piece.text);
      for (const [c, chunk] of chunks.entries()) {
        if (parts.length === 0) {
          // A new speaker starts afresh whatever cut the last sentence.
          if (segment.speaker !== speaker) opens = true;
          start = segment.start_ms;
          speaker = segment.speaker;
        }
        parts.push(chunk);
        end = segment.end_ms;
        // A piece too long for one sentence ends each of its chunks; only its last ends what was said.
        if (piece.ends) flush(c < chunks.length - 1);
        else if (countWords(parts.join(' ')) >= HARD_MAX_WORDS) flush(true);
      }
    }
  }
  flush();
  return sentences;
}
