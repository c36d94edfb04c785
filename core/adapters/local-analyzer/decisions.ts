import { itemAt, type AgendaItem } from './agenda.js';
import { actionPhrase, PROCEDURAL_BUSINESS } from './motion-text.js';
import type { Sentence } from './sentences.js';
import type { Speaker } from './speakers.js';
import { isMotion, isSplit, motionClause, namedDissenters, readVote, rollCallAnswer, voteSubject, type VoteResult } from './votes.js';

/** A motion and the vote that settled it (either may be missing), ranked by how much it matters. */
export interface Decision {
  motionIndex: number | null;
  voteIndex: number | null;
  /** The motion as a verb phrase: "introduce Ordinance 2026-01, approving …"; null when unknown. */
  action: string | null;
  vote: VoteResult | null;
  mover: string | null;
  /** Speaker labels (or names said in the result) of those who voted no. */
  against: string[];
  /** Speaker labels of those who answered "aye" or "yes" at the roll call. */
  favor: string[];
  procedural: boolean;
  weight: number;
  item: AgendaItem | null;
  start_ms: number;
}

/** How far back (in sentences and time) a vote may settle a motion: a roll call takes a dozen lines. */
const MAX_GAP_SENTENCES = 60;
const MAX_GAP_MS = 15 * 60_000;

interface Pending {
  index: number;
  clause: string | null;
  mover: string | null;
  favor: string[];
  against: string[];
}

function publicSpeakers(item: AgendaItem | null, sentences: readonly Sentence[], speakers: ReadonlyMap<string, Speaker>): number {
  if (!item || item.kind !== 'business') return 0;
  const labels = new Set<string>();
  for (let i = item.from; i < item.to; i++) {
    const label = sentences[i]?.speaker;
    if (label && speakers.get(label)?.role === 'public') labels.add(label);
  }
  return labels.size;
}

/** Substance first: named ordinances, money and contracts, split votes, public hearings; housekeeping last. */
function weigh(decision: Decision, speakersInItem: number): number {
  if (decision.procedural || !decision.action) return -5;
  const text = decision.action;
  let weight = 1;
  if (/\b(?:ordinance|resolution|council\s+bill)\b/i.test(text)) weight += 3;
  if (/\$|\b(?:contract|agreement|budget|bonds?|fees?|rates?|tax(?:es)?|levy|grant|purchase|lease)\b/i.test(text)) weight += 2;
  if (/\bmillion\b|\bbillion\b/i.test(text)) weight += 1;
  if (/\b(?:zoning|rezon\w*|plan|program|policy|hours|schedule|election|ban|cap)\b/i.test(text)) weight += 1;
  if (isSplit(decision.vote)) weight += 2;
  if (decision.vote?.outcome === 'failed') weight += 2;
  if (!decision.vote) weight -= 2;
  if (/^(?:direct|ask|instruct|request)\b/i.test(text)) weight -= 2;
  if (decision.item?.hearing) weight += 1;
  if (speakersInItem > 0) weight += 1;
  return weight;
}

function surnameLabel(name: string, speakers: ReadonlyMap<string, Speaker>): string {
  for (const speaker of speakers.values()) if (speaker.surname === name && speaker.role === 'official') return speaker.label;
  for (const speaker of speakers.values()) if (speaker.surname === name) return speaker.label;
  return name;
}

/**
 * Every decision in meeting order. A vote settles the latest motion made within the last
 * MAX_GAP sentences and minutes; the roll call between them tells who voted which way. A vote
 * with no motion found is described by its own subject ("The consent calendar is approved …").
 */
export function findDecisions(sentences: readonly Sentence[], items: readonly AgendaItem[], speakers: ReadonlyMap<string, Speaker>): Decision[] {
  const decisions: Decision[] = [];
  let pending: Pending | null = null;
  const make = (fields: Omit<Decision, 'procedural' | 'weight' | 'item'>, at: number): Decision => {
    const item = itemAt(items, at);
    const procedural = fields.action ? PROCEDURAL_BUSINESS.test(fields.action) : item?.kind !== 'business';
    const decision: Decision = { ...fields, procedural, weight: 0, item };
    decision.weight = weigh(decision, publicSpeakers(item, sentences, speakers));
    return decision;
  };
  const flushMotion = (motion: Pending) => {
    if (!motion.clause) return;
    const sentence = sentences[motion.index];
    decisions.push(make({ motionIndex: motion.index, voteIndex: null, action: actionPhrase(motion.clause), vote: null, mover: motion.mover, against: [], favor: [], start_ms: sentence?.start_ms ?? 0 }, motion.index));
  };

  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i]!;
    const answer = rollCallAnswer(sentence.text);
    if (answer && sentence.speaker && pending) (answer === 'yes' ? pending.favor : pending.against).push(sentence.speaker);
    const vote = readVote(sentence.text);
    if (!vote) {
      if (!isMotion(sentence.text)) continue;
      const clause = motionClause(sentence.text);
      // "It's been moved and seconded" restates the motion on the floor; it does not replace it.
      if (!clause && pending?.clause) continue;
      if (pending) flushMotion(pending);
      pending = { index: i, clause, mover: sentence.speaker, favor: [], against: [] };
      continue;
    }
    const fresh: Pending | null =
      pending && i - pending.index <= MAX_GAP_SENTENCES && sentence.start_ms - (sentences[pending.index]?.start_ms ?? 0) <= MAX_GAP_MS ? pending : null;
    if (pending && !fresh) flushMotion(pending);
    const clause = motionClause(sentence.text) ?? fresh?.clause ?? null;
    const subject = voteSubject(sentence.text);
    const action = clause ? actionPhrase(clause) : subject ? `approve the ${subject.replace(/^the\s+/i, '')}` : null;
    const named = namedDissenters(sentence.text).map((name) => surnameLabel(name, speakers));
    decisions.push(
      make(
        {
          motionIndex: fresh?.index ?? null,
          voteIndex: i,
          action,
          vote,
          mover: fresh?.mover ?? null,
          against: fresh && fresh.against.length > 0 ? fresh.against : named,
          favor: fresh?.favor ?? [],
          start_ms: sentence.start_ms,
        },
        fresh?.index ?? i,
      ),
    );
    pending = null;
  }
  if (pending) flushMotion(pending);
  return decisions;
}

/** The decision a story should lead with: the weightiest non-procedural one, the earliest on a tie. */
export function mainDecision(decisions: readonly Decision[]): Decision | null {
  let best: Decision | null = null;
  for (const decision of decisions) {
    if (decision.procedural || !decision.action) continue;
    if (!best || decision.weight > best.weight) best = decision;
  }
  return best;
}
