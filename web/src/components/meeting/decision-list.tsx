import {
  decisionStartMs,
  describeDecision,
  type Decision,
  type DecisionEvidence,
  type DecisionOutcome,
  type VoteKind,
} from '@domain/decisions.js';
import { formatTimestamp } from '@domain/transcript.js';
import { Badge, type BadgeTone } from '../ui/badge.js';
import { CopyMomentButton, SeekButton } from './moment-button.js';

/** The outcome at a glance; the words carry it, the colour only helps scanning. */
const OUTCOME_BADGES: Record<DecisionOutcome, { label: string; tone: BadgeTone }> = {
  passed: { label: 'Passed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  postponed: { label: 'Postponed', tone: 'yellow' },
  referred: { label: 'Referred', tone: 'blue' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
  amended: { label: 'Amended', tone: 'accent' },
  other: { label: 'Decided', tone: 'neutral' },
  unclear: { label: 'Result unclear', tone: 'neutral' },
};

const VOTE_KIND_WORDS: Record<VoteKind, string> = {
  roll_call: 'Roll call',
  voice: 'Voice',
  unanimous_consent: 'Unanimous consent',
};

/**
 * Decisions in the order the meeting took them. The analyzer usually stores them so, but a
 * model may put the headline vote first. An untimed decision keeps its place after the one
 * stored before it, so a list from an untimed transcript stays exactly as stored.
 */
export function decisionsInMeetingOrder(decisions: readonly Decision[]): Decision[] {
  let previous = -1;
  const keyed = decisions.map((decision, index) => {
    const start = decisionStartMs(decision);
    if (start !== null) previous = start;
    return { decision, index, key: start ?? previous };
  });
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map(({ decision }) => decision);
}

/**
 * The sentence where the result was said. Only text the transcript holds word for word is put
 * in quotation marks (design §6, as for quotes); a near match is labelled, and text never
 * checked (an analysis stored before verification) says so.
 */
function EvidenceText({ evidence }: { evidence: DecisionEvidence }) {
  if (evidence.verification_status === 'verified') {
    return <blockquote className="border-l-2 border-line-strong pl-3 font-serif text-sm leading-relaxed text-ink-muted">“{evidence.text}”</blockquote>;
  }
  return (
    <p className="border-l-2 border-line pl-3 text-sm leading-relaxed text-ink-muted">
      <Badge tone="grey" className="mr-2 align-middle">
        {evidence.verification_status === 'paraphrased' ? 'Paraphrased' : 'Not checked against the transcript'}
      </Badge>
      {evidence.text}
    </p>
  );
}

/** "Moved by: Councilmember Park", wrapping as a sentence does on a phone (not as two columns). */
function Detail({ term, value }: { term: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="inline font-semibold">{term}:</dt> <dd className="inline">{value}</dd>
    </div>
  );
}

/** The matter starts the line, and the analyzer writes it as it would mid-sentence ("the minutes of May 11"). */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function DecisionLine({ decision, pathname }: { decision: Decision; pathname: string }) {
  const ms = decisionStartMs(decision);
  const description = capitalized(describeDecision(decision, ms === null ? null : formatTimestamp(ms)));
  const badge = OUTCOME_BADGES[decision.outcome];
  return (
    <li className="grid gap-2 border-b border-line pb-5 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {ms !== null && <SeekButton ms={ms} label={description} />}
        {ms !== null && <CopyMomentButton ms={ms} pathname={pathname} />}
      </div>
      <p className="leading-relaxed font-medium text-ink">{description}</p>
      {decision.motion && (
        <p className="text-sm leading-relaxed text-ink-muted">
          <span className="font-semibold">Motion:</span> {decision.motion}
        </p>
      )}
      {(decision.vote_kind || decision.mover || decision.seconder) && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
          <Detail term="Vote" value={decision.vote_kind && VOTE_KIND_WORDS[decision.vote_kind]} />
          <Detail term="Moved by" value={decision.mover} />
          <Detail term="Seconded by" value={decision.seconder} />
        </dl>
      )}
      {decision.evidence.map((evidence, index) => (
        <EvidenceText key={index} evidence={evidence} />
      ))}
    </li>
  );
}

/** What the meeting decided (issue 23), one line each, in meeting order; a timed line plays its second. */
export function DecisionList({ decisions, pathname }: { decisions: readonly Decision[]; pathname: string }) {
  return (
    <ol className="grid gap-5">
      {decisionsInMeetingOrder(decisions).map((decision, index) => (
        <DecisionLine key={index} decision={decision} pathname={pathname} />
      ))}
    </ol>
  );
}
