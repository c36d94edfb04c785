import type { ScoredSentence } from './scoring.js';
import { ensureTerminalPunctuation, jaccard, trimFiller } from './text.js';

/** Sentences picked for the summary never repeat each other this much (content-word Jaccard). */
const MAX_OVERLAP = 0.5;

function summaryLength(durationMs: number, available: number): number {
  const minutes = durationMs / 60_000;
  const wanted = Math.min(6, Math.max(3, Math.round(minutes / 15) + 2));
  return Math.min(wanted, available);
}

function pick(candidates: readonly ScoredSentence[], count: number): ScoredSentence[] {
  const chosen: ScoredSentence[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => jaccard(other.tokens, candidate.tokens) > MAX_OVERLAP)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/**
 * Extractive summary: the best-scoring sentences (readable length, not procedural, not
 * repeating one another), put back in meeting order. Only fillers at a sentence's start are
 * trimmed, so every summary sentence is still the meeting's own words.
 */
export function buildSummary(scored: readonly ScoredSentence[], durationMs: number): string[] {
  const byScore = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const readable = byScore.filter((s) => s.words >= 8 && s.words <= 60 && !s.cues.has('procedural') && s.score > 0);
  const fallback = byScore.filter((s) => s.words >= 4);
  const pool = readable.length >= 3 ? readable : fallback.length > 0 ? fallback : byScore;
  const chosen = pick(pool, summaryLength(durationMs, pool.length));
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((sentence) => ensureTerminalPunctuation(trimFiller(sentence.text)));
}
