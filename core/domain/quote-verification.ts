import type { AnalysisResults, Highlight, Quote } from './analysis.js';
import type { Decision } from './decisions.js';
import type { VerificationStatus } from './enums.js';
import type { NewsStory } from './news-story.js';
import { alignInRegion, candidateRegions, type Alignment } from './quote-alignment.js';
import { parseTimestamp, type TranscriptSegment } from './transcript.js';

/**
 * Grounding (design §3): every quote is checked against the transcript it claims to come from.
 *
 * Both sides are reduced to the same token stream (see `tokenizeForMatch`), so case,
 * punctuation, curly apostrophes, accents and segment boundaries never decide a match.
 *
 * - verified: the quote's tokens occur contiguously in the transcript and the quote has at
 *   least MIN_VERIFIED_TOKENS tokens (a one- or two-word "quote" such as "yes" or "thank you"
 *   occurs in every meeting and proves nothing).
 * - paraphrased: the quote has at least MIN_PARAPHRASE_TOKENS tokens and some transcript
 *   window reaches PARAPHRASE_THRESHOLD similarity, where similarity = 2·LCS / (|quote| + |window|),
 *   LCS being the longest common token subsequence (Ratcliff/Obershelp at token level: word
 *   order counts, dropped or swapped words cost in proportion).
 * - unverified: anything else; start_ms is null and the quote is kept for the record.
 */
const MIN_VERIFIED_TOKENS = 3;
const MIN_PARAPHRASE_TOKENS = 5;
const PARAPHRASE_THRESHOLD = 0.75;

export interface TranscriptIndex {
  readonly kind: 'transcript-index';
  /** Normalised tokens of all segments, in order. */
  readonly tokens: readonly string[];
  /** For each token, the index of the segment it came from. */
  readonly tokenSegment: Int32Array;
  readonly segmentStartMs: readonly number[];
  /** Token -> ascending positions in `tokens`. */
  readonly postings: ReadonlyMap<string, readonly number[]>;
}

export interface QuoteMatch {
  status: VerificationStatus;
  /** Start of the segment where the matching passage begins; null when unverified. */
  start_ms: number | null;
  /** Best similarity found, in [0, 1]; 1 for a contiguous match. */
  score: number;
}

export interface MatchOptions {
  /** Where the quote is believed to be; among equally good matches the nearest wins. */
  nearMs?: number | null;
}

/** Lowercase, accent-folded, punctuation-free tokens; "1,500" -> "1500", "don’t" -> "dont". */
export function tokenizeForMatch(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc`\u00b4]/g, '');
  const tokens = folded.match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? [];
  return tokens.map((token) => (/\d/.test(token) ? token.replace(/,/g, '') : token));
}

/** The normalised form as one string: handy for "does this text occur in that one" checks. */
export function normalizeForMatch(text: string): string {
  return tokenizeForMatch(text).join(' ');
}

/** Build once per video; matching many quotes against it is then cheap. */
export function buildTranscriptIndex(segments: readonly TranscriptSegment[]): TranscriptIndex {
  const tokens: string[] = [];
  const owners: number[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const token of tokenizeForMatch(segment.text)) {
      tokens.push(token);
      owners.push(segmentIndex);
    }
  });
  const postings = new Map<string, number[]>();
  tokens.forEach((token, position) => {
    const list = postings.get(token);
    if (list) list.push(position);
    else postings.set(token, [position]);
  });
  return {
    kind: 'transcript-index',
    tokens,
    tokenSegment: Int32Array.from(owners),
    segmentStartMs: segments.map((segment) => segment.start_ms),
    postings,
  };
}

function startMsAt(index: TranscriptIndex, position: number): number {
  return index.segmentStartMs[index.tokenSegment[position] ?? 0] ?? 0;
}

/** Of several positions, the one whose segment starts nearest `nearMs` (the first without a hint). */
function pickNearest(index: TranscriptIndex, positions: number[], nearMs: number | null | undefined): number | undefined {
  if (nearMs == null) return positions[0];
  let best = positions[0];
  let bestDistance = Infinity;
  for (const position of positions) {
    const distance = Math.abs(startMsAt(index, position) - nearMs);
    if (distance < bestDistance) {
      best = position;
      bestDistance = distance;
    }
  }
  return best;
}

/** Start positions where the whole quote occurs contiguously, anchored on its rarest token. */
function findExact(quote: readonly string[], index: TranscriptIndex): number[] {
  let anchorOffset = -1;
  let anchorPositions: readonly number[] = [];
  for (let i = 0; i < quote.length; i++) {
    const positions = index.postings.get(quote[i] ?? '');
    if (!positions) return [];
    if (anchorOffset === -1 || positions.length < anchorPositions.length) {
      anchorOffset = i;
      anchorPositions = positions;
    }
  }
  const starts: number[] = [];
  for (const position of anchorPositions) {
    const start = position - anchorOffset;
    if (start < 0 || start + quote.length > index.tokens.length) continue;
    let same = true;
    for (let i = 0; i < quote.length && same; i++) same = index.tokens[start + i] === quote[i];
    if (same) starts.push(start);
  }
  return starts;
}

function findFuzzy(quote: readonly string[], index: TranscriptIndex, nearMs: number | null | undefined): Alignment {
  let best: Alignment = { score: 0, start: 0 };
  for (const [from, to] of candidateRegions(quote, index)) {
    const found = alignInRegion(quote, index, from, to);
    const tie = Math.abs(found.score - best.score) < 1e-9;
    const nearer =
      nearMs != null && Math.abs(startMsAt(index, found.start) - nearMs) < Math.abs(startMsAt(index, best.start) - nearMs);
    if (found.score > best.score + 1e-9 || (tie && nearer)) best = found;
  }
  return best;
}

/** Grounds one quote in the transcript. Pure; see the module comment for the three outcomes. */
export function matchQuote(text: string, index: TranscriptIndex, options: MatchOptions = {}): QuoteMatch {
  const quote = tokenizeForMatch(text);
  if (quote.length === 0 || index.tokens.length === 0) return { status: 'unverified', start_ms: null, score: 0 };
  const exact = findExact(quote, index);
  if (exact.length > 0) {
    if (quote.length < MIN_VERIFIED_TOKENS) return { status: 'unverified', start_ms: null, score: 1 };
    const start = pickNearest(index, exact, options.nearMs) ?? 0;
    return { status: 'verified', start_ms: startMsAt(index, start), score: 1 };
  }
  if (quote.length < MIN_PARAPHRASE_TOKENS) return { status: 'unverified', start_ms: null, score: 0 };
  const fuzzy = findFuzzy(quote, index, options.nearMs);
  const score = Math.round(fuzzy.score * 1000) / 1000;
  if (fuzzy.score >= PARAPHRASE_THRESHOLD) return { status: 'paraphrased', start_ms: startMsAt(index, fuzzy.start), score };
  return { status: 'unverified', start_ms: null, score };
}

type SegmentsOrIndex = readonly TranscriptSegment[] | TranscriptIndex;

function asIndex(source: SegmentsOrIndex): TranscriptIndex {
  return 'kind' in source && source.kind === 'transcript-index' ? source : buildTranscriptIndex(source as readonly TranscriptSegment[]);
}

function verifyQuote(quote: Quote, index: TranscriptIndex, nearMs: number | null): Quote {
  const match = matchQuote(quote.text, index, { nearMs });
  return { ...quote, verification_status: match.status, start_ms: match.start_ms };
}

function verifyHighlight(highlight: Highlight, index: TranscriptIndex): Highlight {
  const hint = highlight.start_ms ?? parseTimestamp(highlight.timestamp);
  const quotes = highlight.quotes.map((quote) => verifyQuote(quote, index, hint));
  const grounded = quotes.find((quote) => quote.verification_status !== 'unverified' && quote.start_ms != null);
  const start_ms = highlight.start_ms ?? grounded?.start_ms ?? null;
  return { ...highlight, quotes, start_ms };
}

/**
 * A decision stands on its evidence: each sentence is matched like a quote and one the transcript
 * does not hold is removed; a decision left with no evidence is dropped (issue 23), so nothing is
 * reported as decided that cannot be played back.
 */
export function verifyDecisions(decisions: readonly Decision[], transcript: SegmentsOrIndex): Decision[] {
  const index = asIndex(transcript);
  const kept: Decision[] = [];
  for (const decision of decisions) {
    const evidence = decision.evidence.flatMap((said) => {
      const match = matchQuote(said.text, index, { nearMs: said.start_ms });
      return match.status === 'unverified' ? [] : [{ ...said, verification_status: match.status, start_ms: match.start_ms }];
    });
    if (evidence.length > 0) kept.push({ ...decision, evidence });
  }
  return kept;
}

/**
 * Sets verification_status and start_ms on every highlight quote (unverified ones are kept,
 * never dropped) and fills a missing highlight.start_ms from its first grounded quote.
 * Pass a prebuilt index to verify several documents of one video without re-indexing.
 */
export function verifyAnalysis(analysis: AnalysisResults, transcript: SegmentsOrIndex): AnalysisResults {
  const index = asIndex(transcript);
  const highlights = analysis.highlights.map((highlight) => verifyHighlight(highlight, index));
  return analysis.decisions ? { ...analysis, highlights, decisions: verifyDecisions(analysis.decisions, index) } : { ...analysis, highlights };
}

/** Grounds the story's sidebar quote the same way. */
export function verifyStory(story: NewsStory, transcript: SegmentsOrIndex): NewsStory {
  const block = story.sidebar_elements.quote_block;
  if (!block) return story;
  const match = matchQuote(block.quote, asIndex(transcript), { nearMs: block.start_ms ?? null });
  return {
    ...story,
    sidebar_elements: {
      ...story.sidebar_elements,
      quote_block: { ...block, verification_status: match.status, start_ms: match.start_ms },
    },
  };
}
