/**
 * Analyzer quality on real meetings (issue 12): the offline analyzer runs on each meeting of
 * ../shared/fixtures/real/ (read through the product's transcript parser) and its decisions are
 * scored against the decisions references. Development meetings are reported in full, with the
 * story checks, and their outputs written to <tmp>/analyzer-quality/ for reading; validation
 * meetings by their set totals only. Exits non-zero when a gating target is missed. Skips
 * (exit 0) when the shared folder is absent.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeTranscript } from '../../core/adapters/local-analyzer/analyze.js';
import { EDITOR_NOTES } from './analyzer-quality-editor.js';
import { verifyDecisions } from '../../core/domain/quote-verification.js';
import { parseTimestamp, type TranscriptSegment } from '../../core/domain/transcript.js';
import { itemSaid, type FoundDecision } from './analyzer-quality-match.js';
import { decisionTargets, pct, reportDecisions, targetLine, type ScoredMeeting, type Target } from './analyzer-quality-report.js';
import { scoreDecisions, type DecisionScore } from './analyzer-quality-score.js';
import { loadMeetings, type QualityMeeting } from './analyzer-quality-set.js';
import { checkStory, noStoryTallies, writeOutputs, type StoryTallies } from './analyzer-quality-story.js';

const OUT_DIR = path.join(os.tmpdir(), 'analyzer-quality');

/** Where a sentence really is: its time, or for an untimed Markdown table the row's own time column. */
function trueSeconds(meeting: QualityMeeting, segments: readonly TranscriptSegment[], startMs: number): number {
  if (meeting.parsed.timed) return startMs / 1000;
  const segment = segments.find((s) => s.start_ms === startMs);
  const row = segment ? /\|\s*(\d+:\d{2}:\d{2})\s*\|/.exec(segment.text) : null;
  const at = row?.[1] ? parseTimestamp(row[1]) : null;
  return at === null ? Number.NaN : at / 1000;
}

/**
 * The one place the analyzer's decisions are read: the analysis's decisions record, after the
 * same verification the pipeline runs. An untimed table is analysed as if timed so each
 * evidence sentence keeps the position its row's own time column is read from.
 */
function foundDecisions(meeting: QualityMeeting): FoundDecision[] {
  const segments = meeting.parsed.segments;
  const analysis = analyzeTranscript({ segments, title: meeting.title, timed: true });
  return verifyDecisions(analysis.decisions ?? [], segments).map((d) => {
    const result = d.evidence[d.evidence.length - 1];
    return {
      time_s: trueSeconds(meeting, segments, result?.start_ms ?? 0),
      outcome: d.outcome === 'unclear' ? null : d.outcome,
      tally: d.tally ? `${d.tally.yes}-${d.tally.no}` : d.unanimous ? 'unanimously' : null,
      item: itemSaid(d),
      motion: d.motion ?? '',
      evidence: d.evidence.map((e) => e.text).join(' '),
    };
  });
}

function evaluateDecisions(meeting: QualityMeeting): DecisionScore {
  // Decisions found in a repeated stretch of the recording are the same ones again: not scored.
  const found = foundDecisions(meeting).filter((d) => meeting.repeatedFrom_s === null || !(d.time_s >= meeting.repeatedFrom_s));
  return scoreDecisions(meeting.reference?.decisions ?? null, found, { gsrTalliesExpected: !meeting.file.includes('captions') });
}

/** The story checks and outputs of one development meeting, printed; its decision lines go into its output file. */
function reportStory(meeting: QualityMeeting, score: DecisionScore, total: StoryTallies): void {
  const lines = [...score.lines];
  const { tallies: t, analysis, story } = checkStory(meeting, lines);
  for (const key of Object.keys(total) as Array<keyof StoryTallies>) total[key] += t[key];
  const file = writeOutputs(OUT_DIR, meeting, analysis, story, lines);
  console.log(`\n${meeting.file} (${meeting.parsed.timed ? 'timed' : 'untimed'}): headline "${story.article.headline}"`);
  if (meeting.reference) console.log(`  speakers who name themselves or are named at roll call: ${t.speakersNamed}/${t.speakersExpected} named`);
  console.log(`  bad headlines/ledes ${t.badHeadlines}; cut quotes ${t.cutQuotes}/${t.quotes}; bad entities ${t.badEntities}/${t.entities}; host city missing ${t.hostCityMissing}; ALL-CAPS runs ${t.capsRuns}; unprovable transitions ${t.falseTransitions}; time claims on untimed ${t.untimedClaims}; sentences said twice ${t.repeatedSentences}`);
  const editor = EDITOR_NOTES[meeting.file];
  console.log(`  editor: ${editor ? `publishable ${editor.publishable}: ${editor.note}` : 'NOT READ: read the output and write a note in analyzer-quality-editor.ts'}`);
  console.log(`  outputs: ${file}`);
}

function storyTargets(total: StoryTallies, developmentFiles: readonly string[]): Target[] {
  return [
    {
      name: 'every development story publishable after light edits (editor notes, analyzer-quality-editor.ts)',
      met: developmentFiles.every((file) => EDITOR_NOTES[file]?.publishable === 'after light edits'),
      gating: true,
    },
    { name: '0 vote-phrase or fragment headlines (development)', met: total.badHeadlines === 0, gating: true },
    { name: '0 quotes cut inside a sentence (development)', met: total.cutQuotes === 0, gating: true },
    { name: '0 time claims on an untimed transcript (development)', met: total.untimedClaims === 0, gating: true },
    { name: '0 sentences said twice in a story (development)', met: total.repeatedSentences === 0, gating: true },
    { name: '>= 80% of self-naming speakers named (development)', met: total.speakersExpected === 0 || total.speakersNamed / total.speakersExpected >= 0.8, gating: false },
  ];
}

function main(): void {
  const meetings = loadMeetings();
  if (meetings.length === 0) {
    console.log('analyzer quality: ../shared/fixtures/real/ is absent, nothing to evaluate');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const scored = (set: QualityMeeting['set']): ScoredMeeting[] =>
    meetings.filter((m) => m.set === set).map((m) => ({ file: m.file, score: evaluateDecisions(m) }));
  const development = scored('development');
  const validation = scored('validation');

  const story = noStoryTallies();
  console.log('STORY CHECKS (development)');
  for (const meeting of meetings.filter((m) => m.set === 'development')) {
    reportStory(meeting, development.find((d) => d.file === meeting.file)!.score, story);
  }
  console.log(`\n  speakers named ${story.speakersNamed}/${story.speakersExpected} (${pct(story.speakersNamed, story.speakersExpected)})`);
  console.log(`  bad headlines/ledes ${story.badHeadlines}; cut quotes ${story.cutQuotes}/${story.quotes}; bad entities ${story.badEntities}/${story.entities}; host city missing ${story.hostCityMissing}; ALL-CAPS runs ${story.capsRuns}; unprovable transitions ${story.falseTransitions}; time claims on untimed ${story.untimedClaims}`);

  console.log('\nDECISIONS (development, every decision)');
  const dev = reportDecisions('development', development);
  for (const line of dev.lines) console.log(line);
  console.log('\nDECISIONS (validation, totals only: do not tune on it)');
  const val = reportDecisions('validation', validation);
  for (const line of val.lines) console.log(line);

  const targets = [...decisionTargets(dev.total, val.total), ...storyTargets(story, meetings.filter((m) => m.set === 'development').map((m) => m.file))];
  console.log('\nTARGETS');
  for (const target of targets) console.log(targetLine(target));
  if (targets.some((t) => t.gating && !t.met)) process.exitCode = 1;
}

main();
