/**
 * How the analyzer's item labels hold when a meeting is less tidy than the ones its rules were
 * written on (issue 23: "0 decisions attributed to the wrong item" on meetings never seen). Each
 * development meeting is analysed again with one sentence taken out, as a real recording loses
 * one: an item's reading, a result, a motion. Every vote still found is compared with the full
 * meeting's: a vote that now carries a different item number ("a flip") is how a stale label
 * would reach a story. Development meetings only, so the flips are listed for reading; shown,
 * not gating (a vote that gains the right number once a doubled reading is gone is a flip too).
 */
import { analyzeTranscript } from '../../core/adapters/local-analyzer/analyze.js';
import { buildMeetingModel } from '../../core/adapters/local-analyzer/meeting-model.js';
import type { Decision } from '../../core/domain/decisions.js';
import type { TranscriptSegment } from '../../core/domain/transcript.js';
import { itemSaid } from './analyzer-quality-match.js';
import { loadMeetings, type QualityMeeting } from './analyzer-quality-set.js';

type Removal = 'item reading' | 'result' | 'motion' | 'result and the next reading' | 'vote and the next reading';

/** Whole-meeting changes real sources bring: no diarization, captions in lower case, captions with no punctuation. */
const VARIANTS: Record<string, (segment: TranscriptSegment) => TranscriptSegment> = {
  'without speaker labels': (segment) => ({ ...segment, speaker: null }),
  'in lower case': (segment) => ({ ...segment, text: segment.text.toLowerCase() }),
  'without punctuation': (segment) => ({ ...segment, text: segment.text.replace(/[.,!?;:]/g, '') }),
};

interface Tally {
  kept: number;
  lost: number;
  /** Votes that had one number and now carry another: the stale label. */
  flips: string[];
  /** Votes that had none and now carry one: right when a doubled reading is gone, listed to be read. */
  gains: string[];
}

const label = (d: Decision) => itemSaid(d) ?? '(no item)';
const resultAt = (d: Decision) => d.evidence.at(-1)?.start_ms;
const decide = (meeting: QualityMeeting, segments: readonly TranscriptSegment[]) => analyzeTranscript({ segments: [...segments], title: meeting.title, timed: true }).decisions ?? [];

interface Span {
  from_ms: number;
  to_ms: number;
}

/** The segments outside the sentences' time spans: what a recording that lost those sentences would hold. */
function without(segments: readonly TranscriptSegment[], spans: readonly Span[]): TranscriptSegment[] {
  return segments.filter((s) => spans.every((span) => s.end_ms <= span.from_ms || s.start_ms > span.to_ms));
}

/** The sentences to take out, one removal at a time, for each kind of removal. */
function removals(meeting: QualityMeeting, base: readonly Decision[]): Array<{ removal: Removal; spans: Span[]; what: string }> {
  const model = buildMeetingModel(meeting.parsed.segments, meeting.title);
  const span = (i: number): Span => ({ from_ms: model.sentences[i]!.start_ms, to_ms: model.sentences[i]!.end_ms });
  const result = (d: Decision): Span[] => d.evidence.map((e) => ({ from_ms: e.start_ms ?? 0, to_ms: e.start_ms ?? 0 }));
  const readings = model.items.filter((item) => item.kind === 'business' && item.number && item.readAt !== null);
  const lastResultBefore = (at_ms: number) => base.findLast((d) => (d.evidence.at(-1)?.start_ms ?? 0) < at_ms);
  return [
    ...readings.map((item) => ({ removal: 'item reading' as const, spans: [span(item.readAt!)], what: `the reading of ${item.number}` })),
    ...base.map((d) => ({ removal: 'result' as const, spans: result(d), what: `the result of ${label(d).slice(0, 40)}` })),
    ...model.decisions.filter((d) => d.motionIndex !== null).map((d) => ({ removal: 'motion' as const, spans: [span(d.motionIndex!)], what: `the motion "${model.sentences[d.motionIndex!]!.text.slice(0, 40)}"` })),
    // Whisper drops short lines: the last vote's "The ayes have it" and the next item's reading, together.
    ...readings.flatMap((item) => {
      const before = lastResultBefore(span(item.readAt!).from_ms);
      return before ? [{ removal: 'result and the next reading' as const, spans: [...result(before), span(item.readAt!)], what: `the result of ${label(before).slice(0, 30)} and the reading of ${item.number}` }] : [];
    }),
    // An item with no vote heard at all (its motion and result lost, or a discussion item), then the next item's reading lost.
    ...readings.flatMap((item) => {
      const before = model.decisions.findLast((d) => d.voteIndex !== null && d.voteIndex < item.readAt!);
      if (!before) return [];
      const motion = before.motionIndex !== null ? [span(before.motionIndex)] : [];
      return [{ removal: 'vote and the next reading' as const, spans: [...motion, ...before.evidence.map(span), span(item.readAt!)], what: `the vote at ${Math.round(before.start_ms / 1000)} s and the reading of ${item.number}` }];
    }),
  ];
}

/** Each vote still found after the change, against the same vote (by its result's time) in the full meeting. */
function compare(tally: Tally, base: readonly Decision[], changed: readonly Decision[], how: string): void {
  for (const after of changed) {
    const before = base.find((d) => resultAt(d) === resultAt(after));
    if (!before) continue;
    const change = `${how}, "${label(before).slice(0, 50)}" became "${label(after).slice(0, 50)}"`;
    if (after.item_number && after.item_number !== before.item_number) (before.item_number ? tally.flips : tally.gains).push(change);
    else if (label(after) === label(before)) tally.kept++;
    else tally.lost++;
  }
}

function main(): void {
  const meetings = loadMeetings().filter((meeting) => meeting.set === 'development' && meeting.reference);
  if (meetings.length === 0) {
    console.log('analyzer robustness: ../shared/fixtures/real/ is absent; skipped');
    return;
  }
  const tallies = new Map<string, Tally>();
  for (const meeting of meetings) {
    const segments = meeting.parsed.segments;
    const base = decide(meeting, segments);
    for (const cut of removals(meeting, base)) {
      const tally = tallies.get(cut.removal) ?? { kept: 0, lost: 0, flips: [], gains: [] };
      tallies.set(cut.removal, tally);
      compare(tally, base, decide(meeting, without(segments, cut.spans)), `${meeting.file}: without ${cut.what}`);
    }
    for (const [variant, change] of Object.entries(VARIANTS)) {
      const tally = tallies.get(variant) ?? { kept: 0, lost: 0, flips: [], gains: [] };
      tallies.set(variant, tally);
      compare(tally, base, decide(meeting, segments.map(change)), `${meeting.file} ${variant}`);
    }
  }
  console.log('ANALYZER ROBUSTNESS (development meetings changed as real sources change them; shown, not gating)');
  for (const [change, tally] of tallies) {
    const name = change in VARIANTS ? change : `without ${change === 'item reading' ? 'an' : 'a'} ${change}`;
    console.log(`${name}: ${tally.kept} votes keep their label, ${tally.lost} lose it (say less), ${tally.flips.length} take another item's number, ${tally.gains.length} gain one`);
    for (const flip of tally.flips) console.log(`  another number: ${flip}`);
    for (const gain of tally.gains) console.log(`  gains a number: ${gain}`);
  }
}

main();
