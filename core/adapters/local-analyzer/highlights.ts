import type { Highlight, Quote } from '../../domain/analysis.js';
import { formatTimestamp } from '../../domain/transcript.js';
import type { Cue, ScoredSentence } from './scoring.js';
import { truncateWords, trimFiller } from './text.js';

export const UNIDENTIFIED_SPEAKER = 'Unidentified speaker';
/** Two highlights are never closer than this (shortened for short meetings). */
const MIN_GAP_MS = 120_000;
const MAX_QUOTE_WORDS = 45;

function highlightCount(durationMs: number): number {
  return Math.min(8, Math.max(4, Math.round(durationMs / 60_000 / 8)));
}

const LABELS: ReadonlyArray<[Cue, string]> = [
  ['direction', 'Direction to staff'],
  ['agenda', 'Agenda'],
  ['decision', 'Decision point'],
  ['money', 'Money discussed'],
  ['date', 'Dates and deadlines'],
];

const LEAD_IN =
  /^(?:i (?:just )?(?:want(?:ed)?|would like|'d like) to (?:just )?(?:emphasize|mention|say|note|highlight|add|point out|call out|make (?:mention|sure))(?: that)?|i think(?: that)?|you know,?)\s+/i;

/** "Decision point: I move to amend appointment 1376 …": a label plus the moment's own words. */
function pointOfInterest(sentence: ScoredSentence): string {
  const label = LABELS.find(([cue]) => sentence.cues.has(cue))?.[1] ?? (sentence.text.trim().endsWith('?') ? 'Question raised' : 'Discussion');
  const words = trimFiller(trimFiller(sentence.text).replace(LEAD_IN, ''));
  return `${label}: ${truncateWords(words, 16)}`;
}

/** A verbatim quote: the sentence itself, or its first clauses when it runs on; "…" marks a sentence cut short. */
function quoteText(sentence: ScoredSentence): string {
  const text = truncateWords(sentence.text.trim(), MAX_QUOTE_WORDS);
  const ended = sentence.complete || text.endsWith('…') ? text : `${text.replace(/[,;:]$/, '')}…`;
  // Begun mid-run (cut at the word limit): the leading "…" says the words before are left out.
  return sentence.opens ? ended : `…${ended}`;
}

function quotesFor(sentence: ScoredSentence, all: readonly ScoredSentence[]): Quote[] {
  const speaker = sentence.speaker ?? UNIDENTIFIED_SPEAKER;
  const quotes: Quote[] = [{ text: quoteText(sentence), speaker }];
  const next = all[sentence.index + 1];
  const follows =
    next &&
    next.speaker === sentence.speaker &&
    next.start_ms - sentence.end_ms <= 30_000 &&
    next.words >= 8 &&
    next.words <= MAX_QUOTE_WORDS &&
    next.score > 0 &&
    !next.cues.has('procedural');
  if (follows && sentence.words <= 30) quotes.push({ text: quoteText(next), speaker: next.speaker ?? UNIDENTIFIED_SPEAKER });
  return quotes;
}

/**
 * The best-scoring moments, spread out: greedy by score, skipping any sentence within the
 * minimum gap of one already chosen, then put back in meeting order.
 */
export function pickHighlights(scored: readonly ScoredSentence[], durationMs: number, timed = true): Highlight[] {
  const count = highlightCount(durationMs);
  const gap = Math.min(MIN_GAP_MS, durationMs / (count * 2));
  const candidates = [...scored]
    .filter((s) => s.words >= 6 && !(s.cues.has('procedural') && s.words < 15))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: ScoredSentence[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => Math.abs(other.start_ms - candidate.start_ms) < gap)) continue;
    chosen.push(candidate);
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((sentence) => ({
      // An untimed transcript's times are estimates from word position: none is given as a fact.
      timestamp: timed ? formatTimestamp(sentence.start_ms) : '',
      start_ms: timed ? sentence.start_ms : null,
      point_of_interest: pointOfInterest(sentence),
      quotes: quotesFor(sentence, scored),
    }));
}
