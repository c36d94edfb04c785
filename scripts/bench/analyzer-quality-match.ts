/**
 * Pairing what the analyzer found with the reference's decisions, one to one, and telling when a
 * pair is about different items. Evidence first: the newer references quote the sentence that
 * states each result, and a found decision whose evidence repeats it is that decision even when
 * several results fall within a minute ("Motion carries 8-0. Next item, please." ten times over).
 */
import type { Decision } from '../../core/domain/decisions.js';
import type { ReferenceDecision } from './analyzer-quality-set.js';
import type { Outcome } from './analyzer-quality-outcomes.js';

/** What a decision of the record says was decided, its number first ("Item 4H, Wings Express"); null when it does not say. */
export function itemSaid(decision: Pick<Decision, 'item' | 'item_number'>): string | null {
  return [decision.item_number, decision.item].filter(Boolean).join(', ') || null;
}

export interface FoundDecision {
  time_s: number;
  /** What the analyzer claims happened; null when it claims no outcome ("a vote was taken"). */
  outcome: Outcome | null;
  tally: string | null;
  /** What the analyzer says was decided ("Item 5, Resolution 31951 …", "the minutes"); null when it does not say. */
  item: string | null;
  /** The motion as the analyzer read it, for the report. */
  motion: string;
  /** The transcript around the result, where the outcome words should be. */
  evidence: string;
}

export interface Match {
  reference: ReferenceDecision;
  found: FoundDecision | null;
}

const TIME_TOLERANCE_S = 75;
/**
 * A pair may be further apart than that when most of the reference's evidence is in the found
 * one's: a Whisper table's row times drift. One shared phrase ("all those in favor") is not enough.
 */
const EVIDENCE_TOLERANCE_S = 180;
const FAR_OVERLAP = 0.5;

function words(text: string): string[] {
  return text.toLowerCase().replace(/['’]/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  // "..." joins sentences that are not adjacent: no trigram spans it.
  for (const part of text.split(/\.\.\.|…/)) {
    const w = words(part);
    for (let i = 0; i + 2 < w.length; i++) grams.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  }
  return grams;
}

/** Share of the reference evidence's word trigrams that the found evidence repeats; 0 without evidence. */
export function evidenceOverlap(reference: string | undefined, found: string): number {
  if (!reference) return 0;
  const wanted = trigrams(reference);
  if (wanted.size === 0) return 0;
  const have = trigrams(found);
  let shared = 0;
  for (const gram of wanted) if (have.has(gram)) shared++;
  return shared / wanted.size;
}

interface Pair {
  ref: number;
  found: number;
  overlap: number;
  distance: number;
}

/**
 * One to one, best pairs first: pairs whose evidence overlaps (highest overlap, then nearest),
 * then the rest nearest in time. A reference without evidence, or whose evidence nothing repeats,
 * is matched by time alone, as the older references must be.
 */
export function matchDecisions(reference: readonly ReferenceDecision[], found: readonly FoundDecision[]): Match[] {
  const pairs: Pair[] = [];
  reference.forEach((ref, r) => {
    found.forEach((candidate, f) => {
      const distance = Math.abs(candidate.time_s - ref.approx_time_s);
      const overlap = evidenceOverlap(ref.evidence, candidate.evidence);
      if (distance <= TIME_TOLERANCE_S || (overlap >= FAR_OVERLAP && distance <= EVIDENCE_TOLERANCE_S)) pairs.push({ ref: r, found: f, overlap, distance });
    });
  });
  pairs.sort((a, b) => b.overlap - a.overlap || a.distance - b.distance);
  const chosen = new Map<number, number>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (chosen.has(pair.ref) || taken.has(pair.found)) continue;
    chosen.set(pair.ref, pair.found);
    taken.add(pair.found);
  }
  return reference.map((ref, r) => {
    const f = chosen.get(r);
    return { reference: ref, found: f === undefined ? null : (found[f] ?? null) };
  });
}
