/**
 * Analyzer quality on real meetings (issue 12): the offline analyzer and story writer run on
 * each meeting of the development set (../shared/fixtures/real/, read through the product's
 * transcript parser), scored against the decisions references. Prints per meeting and in
 * total; writes every output to <tmp>/analyzer-quality/ for reading; exits non-zero when a
 * target is missed. Skips (exit 0) when the shared folder is absent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeTranscript, writeStory } from '../../core/adapters/local-analyzer/index.js';
import { buildMeetingModel } from '../../core/adapters/local-analyzer/meeting-model.js';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import type { NewsStory } from '../../core/domain/news-story.js';
import { parseTimestamp, type TranscriptSegment } from '../../core/domain/transcript.js';
import {
  bodyQuotes, capsRuns, checkQuote, entityProblem, headlineProblems, matchDecisions, referenceContradicts, sameTally, timeClaims,
  transcriptContradicts, type FoundDecision,
} from './analyzer-quality-checks.js';
import { loadDevSet, type DevMeeting } from './analyzer-quality-set.js';

const NOW = new Date('2026-01-15T12:00:00Z');
const OUT_DIR = path.join(os.tmpdir(), 'analyzer-quality');

interface Tallies {
  referenceStated: number;
  found: number;
  foundWithTally: number;
  tallyExpected: number;
  claimed: number;
  matchedClaims: number;
  contradictions: number;
  unsupported: number;
  speakersExpected: number;
  speakersNamed: number;
  badEntities: number;
  entities: number;
  badHeadlines: number;
  cutQuotes: number;
  quotes: number;
  capsRuns: number;
  untimedClaims: number;
  falseTransitions: number;
  hostCityMissing: number;
}

const empty = (): Tallies => ({
  referenceStated: 0, found: 0, foundWithTally: 0, tallyExpected: 0, claimed: 0, matchedClaims: 0, contradictions: 0,
  unsupported: 0, speakersExpected: 0, speakersNamed: 0, badEntities: 0, entities: 0, badHeadlines: 0, cutQuotes: 0,
  quotes: 0, capsRuns: 0, untimedClaims: 0, falseTransitions: 0, hostCityMissing: 0,
});

/** Where a sentence really is: its time, or for an untimed Markdown table the row's own time column. */
function trueSeconds(meeting: DevMeeting, segments: readonly TranscriptSegment[], startMs: number): number {
  if (meeting.parsed.timed) return startMs / 1000;
  const segment = segments.find((s) => s.start_ms === startMs);
  const row = segment ? /\|\s*(\d+:\d{2}:\d{2})\s*\|/.exec(segment.text) : null;
  const at = row?.[1] ? parseTimestamp(row[1]) : null;
  return at === null ? Number.NaN : at / 1000;
}

function foundDecisions(meeting: DevMeeting): FoundDecision[] {
  const segments = meeting.parsed.segments;
  const model = buildMeetingModel(segments, meeting.title, undefined);
  return model.decisions
    .filter((d) => d.voteIndex !== null)
    .map((d) => {
      const at = d.voteIndex ?? 0;
      const sentence = model.sentences[at]!;
      const evidence = model.sentences.slice(Math.max(0, at - 1), at + 2).map((s) => s.text).join(' ');
      return { time_s: trueSeconds(meeting, segments, sentence.start_ms), outcome: d.vote?.outcome ?? null, tally: d.vote?.tally ?? null, subject: d.action ?? '', evidence };
    });
}

function pct(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${Math.round((100 * part) / whole)}%`;
}

function evaluate(meeting: DevMeeting, lines: string[]): { tallies: Tallies; analysis: AnalysisResults; story: NewsStory } {
  const t = empty();
  const segments = meeting.parsed.segments;
  const transcript = segments.map((s) => s.text).join(' ');
  const input = { segments, title: meeting.title, meetingDate: meeting.publishedAt, now: NOW, timed: meeting.parsed.timed, cityName: meeting.cityName };
  const analysis = analyzeTranscript(input);
  const story = writeStory({ analysis, segments, title: meeting.title, cityName: meeting.cityName, publishedAt: meeting.publishedAt, now: NOW, timed: meeting.parsed.timed });

  const found = foundDecisions(meeting).filter((d) => meeting.repeatedFrom_s === null || !(d.time_s >= meeting.repeatedFrom_s));
  t.found = found.length;
  t.claimed = found.filter((d) => d.outcome !== null).length;
  for (const d of found) {
    if (transcriptContradicts(d)) {
      t.contradictions++;
      lines.push(`  CONTRADICTED BY TRANSCRIPT at ${Math.round(d.time_s)} s: claims ${d.outcome} for "${d.subject.slice(0, 80)}" / ${d.evidence.slice(0, 160)}`);
    }
  }
  if (meeting.reference) {
    const stated = meeting.reference.decisions.filter((r) => !/adjourn/i.test(r.action));
    const matches = matchDecisions(stated, found);
    t.referenceStated = stated.length;
    for (const match of matches) {
      const ref = match.reference;
      const tallyHere = ref.tally !== null && !(ref.tally_from === 'gsr' && meeting.file.includes('captions'));
      if (tallyHere) t.tallyExpected++;
      if (match.found && tallyHere && sameTally(match.found.tally, ref.tally)) t.foundWithTally++;
      if (referenceContradicts(match)) {
        t.contradictions++;
        lines.push(`  CONTRADICTED BY REFERENCE: ${ref.item.slice(0, 60)} was ${ref.action}; claimed ${match.found?.outcome}`);
      }
      const mark = match.found ? `found (${match.found.outcome ?? 'no outcome'}${match.found.tally ? ` ${match.found.tally}` : ''})` : 'MISSED';
      lines.push(`  ref ${ref.approx_time_s}s ${ref.action} ${ref.tally ?? ''}: ${ref.item.slice(0, 70)} -> ${mark}`);
    }
    const matched = new Set(matches.map((m) => m.found).filter((f) => f !== null));
    t.matchedClaims = matched.size;
    for (const d of found) {
      if (matched.has(d)) continue;
      if (d.outcome !== null) t.unsupported++;
      lines.push(`  extra at ${Math.round(d.time_s)} s (${d.outcome ?? 'no outcome'} ${d.tally ?? ''}): ${d.subject.slice(0, 90)} / ${d.evidence.slice(0, 120)}`);
    }
    const named = new Set(
      [...analysis.entities.filter((e) => e.type === 'person').map((e) => e.name), ...analysis.highlights.flatMap((h) => h.quotes.map((q) => q.speaker))]
        .flatMap((n) => n.toLowerCase().split(/[\s-]+/)),
    );
    for (const speaker of meeting.reference.named_speakers) {
      const surname = (speaker.name.split(/\s+/).pop() ?? '').toLowerCase();
      if (!new RegExp(`\\b${surname.replace(/-/g, '[\\s-]')}\\b`, 'i').test(transcript)) continue;
      t.speakersExpected++;
      if (surname.split('-').every((part) => named.has(part))) t.speakersNamed++;
      else lines.push(`  speaker not named: ${speaker.name} (${speaker.role})`);
    }
  }

  t.entities = analysis.entities.length;
  for (const entity of analysis.entities) {
    const problem = entityProblem(entity, transcript);
    if (problem) {
      t.badEntities++;
      lines.push(`  bad entity: ${entity.type} "${entity.name}" (${problem})`);
    }
  }
  if (!analysis.entities.some((e) => e.type === 'place' && e.name.toLowerCase() === meeting.city.toLowerCase())) {
    t.hostCityMissing++;
    lines.push(`  host city ${meeting.city} missing from the entities`);
  }

  const lede = story.article.body.split('\n\n')[0] ?? '';
  for (const [what, text] of [['headline', story.article.headline], ['lede', lede.split(/(?<=[.!?])\s/)[0] ?? lede], ['focus', story.article.primary_focus]] as const) {
    const problems = headlineProblems(text);
    if (problems.length > 0) {
      t.badHeadlines++;
      lines.push(`  bad ${what} (${problems.join(', ')}): ${text}`);
    }
  }

  const quotes = [
    ...analysis.highlights.flatMap((h) => h.quotes.map((q) => q.text)),
    ...bodyQuotes(story.article.body),
    ...(story.sidebar_elements.quote_block ? [story.sidebar_elements.quote_block.quote] : []),
  ];
  t.quotes = quotes.length;
  for (const quote of quotes) {
    const check = checkQuote(quote, transcript);
    if (check.problem === 'cut') {
      t.cutQuotes++;
      lines.push(`  quote cut inside a sentence: ${quote.slice(-90)}`);
    }
  }
  const prose = [story.article.headline, story.article.body, analysis.summary, ...analysis.highlights.map((h) => h.point_of_interest)];
  t.capsRuns = prose.flatMap((text) => capsRuns(text.replace(/“[^”]*”/g, ''))).length;

  if (!meeting.parsed.timed) {
    const stamped = analysis.highlights.filter((h) => (h.start_ms ?? null) !== null || h.timestamp !== '').length;
    const claims = timeClaims([story.article.body, ...story.sidebar_elements.quick_facts, story.sidebar_elements.background, story.sidebar_elements.quote_block?.context ?? '']);
    t.untimedClaims = stamped + claims.length;
    if (t.untimedClaims > 0) lines.push(`  untimed transcript, yet ${stamped} timestamped highlights and time claims: ${claims.join('; ')}`);
  }
  const transitions = story.article.body.match(/Later in the meeting, one speaker said|Another speaker said/g) ?? [];
  t.falseTransitions = transitions.length;
  return { tallies: t, analysis, story };
}

function writeOutputs(meeting: DevMeeting, analysis: AnalysisResults, story: NewsStory, lines: readonly string[]): string {
  const file = path.join(OUT_DIR, `${meeting.file.replace(/\.\w+$/, '')}.txt`);
  const text = [
    `# ${meeting.file} (${meeting.parsed.format}, ${meeting.parsed.timed ? 'timed' : 'untimed'})`,
    '', '## Checks', ...lines,
    '', '## Story', `HEADLINE: ${story.article.headline}`, `FOCUS: ${story.article.primary_focus}`, '', story.article.body,
    '', `PULL QUOTE: ${JSON.stringify(story.sidebar_elements.quote_block)}`,
    `QUICK FACTS: ${story.sidebar_elements.quick_facts.join(' | ')}`,
    `BACKGROUND: ${story.sidebar_elements.background}`,
    `UNCERTAINTY: ${story.metadata.uncertainty_notes.join(' | ')}`,
    '', '## Summary', analysis.summary,
    '', '## Highlights', ...analysis.highlights.map((h) => `${h.timestamp} ${h.point_of_interest}\n    ${h.quotes.map((q) => `${q.speaker}: ${q.text}`).join('\n    ')}`),
    '', '## Action items', ...analysis.action_items.map((a) => `${a.description} (${a.responsible_party}; ${a.due_date})`),
    '', '## Entities', ...analysis.entities.map((e) => `${e.type}: ${e.name} — ${e.context}`),
  ].join('\n');
  writeFileSync(file, text);
  return file;
}

function main(): void {
  const meetings = loadDevSet();
  if (meetings.length === 0) {
    console.log('analyzer quality: ../shared/fixtures/real/ is absent, nothing to evaluate');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const total = empty();
  for (const meeting of meetings) {
    const lines: string[] = [];
    const { tallies: t, analysis, story } = evaluate(meeting, lines);
    for (const key of Object.keys(total) as Array<keyof Tallies>) total[key] += t[key];
    const file = writeOutputs(meeting, analysis, story, lines);
    console.log(`\n${meeting.file} (${meeting.parsed.timed ? 'timed' : 'untimed'}): headline "${story.article.headline}"`);
    if (meeting.reference) {
      console.log(`  decisions: recall ${t.matchedClaims}/${t.referenceStated} (${pct(t.matchedClaims, t.referenceStated)}), precision ${t.matchedClaims}/${t.found} (${pct(t.matchedClaims, t.found)}), tallies right ${t.foundWithTally}/${t.tallyExpected}; outcome claims with no reference decision: ${t.unsupported}`);
      console.log(`  speakers who name themselves or are named at roll call: ${t.speakersNamed}/${t.speakersExpected} named`);
    } else {
      console.log(`  decisions found: ${t.found} (no reference; read them in the output file)`);
    }
    console.log(`  contradicted outcomes ${t.contradictions}; bad headlines/ledes ${t.badHeadlines}; cut quotes ${t.cutQuotes}/${t.quotes}; bad entities ${t.badEntities}/${t.entities}; host city missing ${t.hostCityMissing}; ALL-CAPS runs ${t.capsRuns}; unprovable transitions ${t.falseTransitions}; time claims on untimed ${t.untimedClaims}`);
    console.log(`  outputs: ${file}`);
  }
  const recall = total.referenceStated === 0 ? 1 : total.matchedClaims / total.referenceStated;
  const tallies = total.tallyExpected === 0 ? 1 : total.foundWithTally / total.tallyExpected;
  const speakers = total.speakersExpected === 0 ? 1 : total.speakersNamed / total.speakersExpected;
  console.log('\nTOTAL');
  console.log(`  decisions: recall ${total.matchedClaims}/${total.referenceStated} (${pct(total.matchedClaims, total.referenceStated)}), precision on meetings with a reference ${pct(total.matchedClaims, total.matchedClaims + total.unsupported)}, tallies ${total.foundWithTally}/${total.tallyExpected} (${pct(total.foundWithTally, total.tallyExpected)})`);
  console.log(`  speakers named ${total.speakersNamed}/${total.speakersExpected} (${pct(total.speakersNamed, total.speakersExpected)})`);
  console.log(`  contradicted outcomes ${total.contradictions}; bad headlines/ledes ${total.badHeadlines}; cut quotes ${total.cutQuotes}/${total.quotes}; bad entities ${total.badEntities}/${total.entities}; host city missing ${total.hostCityMissing}; ALL-CAPS runs ${total.capsRuns}; unprovable transitions ${total.falseTransitions}; time claims on untimed ${total.untimedClaims}`);
  const targets: Array<[string, boolean]> = [
    ['0 contradicted outcomes', total.contradictions === 0],
    ['0 vote-phrase or fragment headlines', total.badHeadlines === 0],
    ['0 quotes cut inside a sentence', total.cutQuotes === 0],
    ['>= 80% of stated decisions found', recall >= 0.8],
    ['>= 80% of their tallies', tallies >= 0.8],
    ['>= 80% of self-naming speakers named', speakers >= 0.8],
    ['0 time claims on an untimed transcript', total.untimedClaims === 0],
  ];
  for (const [target, met] of targets) console.log(`  ${met ? 'met   ' : 'MISSED'} ${target}`);
  if (targets.some(([, met]) => !met)) process.exitCode = 1;
}

main();
