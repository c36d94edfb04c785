/**
 * The fuzzy half of quote grounding (quote-verification.ts): where in a transcript a quote that
 * is not there word for word may have come from, and how closely the best window there matches.
 */
import type { TranscriptIndex } from './quote-verification.js';

/** How many candidate places in the transcript the fuzzy matcher aligns the quote against. */
const FUZZY_CANDIDATES = 6;

/**
 * Candidate regions for a fuzzy match: every transcript occurrence of a quote token votes,
 * weighted by rarity, for the window start it implies; the best-voted buckets win.
 */
export function candidateRegions(quote: readonly string[], index: TranscriptIndex): Array<[number, number]> {
  const total = index.tokens.length;
  const bucketSize = Math.max(4, Math.ceil(quote.length / 2));
  const votes = new Map<number, number>();
  const seen = new Set<string>();
  quote.forEach((token, offset) => {
    if (seen.has(token)) return;
    seen.add(token);
    const positions = index.postings.get(token);
    if (!positions) return;
    const weight = Math.log(1 + total / positions.length);
    for (const position of positions) {
      const bucket = Math.floor(Math.max(0, position - offset) / bucketSize);
      votes.set(bucket, (votes.get(bucket) ?? 0) + weight);
    }
  });
  const top = [...votes.entries()].sort((a, b) => b[1] - a[1]).slice(0, FUZZY_CANDIDATES);
  const margin = Math.ceil(quote.length / 4) + 2;
  const regions = top
    .map(([bucket]): [number, number] => [
      Math.max(0, bucket * bucketSize - margin),
      Math.min(total, (bucket + 1) * bucketSize + quote.length + margin),
    ])
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const region of regions) {
    const last = merged[merged.length - 1];
    if (last && region[0] <= last[1]) last[1] = Math.max(last[1], region[1]);
    else merged.push(region);
  }
  return merged;
}

export interface Alignment {
  score: number;
  start: number;
}

/**
 * Best window of tokens[from, to) for the quote: an LCS table whose rows are quote tokens and
 * whose columns are transcript tokens, with a free start column (each cell remembers where its
 * window began), so one pass scores every window ending at every column.
 */
export function alignInRegion(quote: readonly string[], index: TranscriptIndex, from: number, to: number): Alignment {
  const width = to - from;
  let prevLcs = new Int32Array(width + 1);
  let prevStart = Int32Array.from({ length: width + 1 }, (_, j) => j);
  let curLcs = new Int32Array(width + 1);
  let curStart = new Int32Array(width + 1);
  for (let i = 1; i <= quote.length; i++) {
    const token = quote[i - 1];
    curLcs[0] = 0;
    curStart[0] = 0;
    for (let j = 1; j <= width; j++) {
      const diagonal = (prevLcs[j - 1] ?? 0) + (index.tokens[from + j - 1] === token ? 1 : 0);
      let lcs = diagonal;
      let start = prevStart[j - 1] ?? 0;
      const up = prevLcs[j] ?? 0;
      if (up > lcs || (up === lcs && (prevStart[j] ?? 0) > start)) [lcs, start] = [up, prevStart[j] ?? 0];
      const left = curLcs[j - 1] ?? 0;
      if (left > lcs || (left === lcs && (curStart[j - 1] ?? 0) > start)) [lcs, start] = [left, curStart[j - 1] ?? 0];
      curLcs[j] = lcs;
      curStart[j] = start;
    }
    [prevLcs, curLcs] = [curLcs, prevLcs];
    [prevStart, curStart] = [curStart, prevStart];
  }
  let best: Alignment = { score: 0, start: from };
  for (let j = 1; j <= width; j++) {
    const lcs = prevLcs[j] ?? 0;
    const start = prevStart[j] ?? 0;
    const score = (2 * lcs) / (quote.length + (j - start));
    if (score > best.score) best = { score, start: from + start };
  }
  return best;
}
