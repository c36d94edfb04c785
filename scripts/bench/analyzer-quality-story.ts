/**
 * The analyzer-quality checks that read the story and the analysis rather than the decisions:
 * speakers named, entities, headlines, quotes, ALL-CAPS runs, time claims. Development meetings
 * only: they print what they find.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeTranscript, writeStory } from '../../core/adapters/local-analyzer/index.js';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import type { NewsStory } from '../../core/domain/news-story.js';
import { bodyQuotes, capsRuns, checkQuote, entityProblem, headlineProblems, repeatedSentences, timeClaims } from './analyzer-quality-checks.js';
import { describeDecision, decisionStartMs } from '../../core/domain/decisions.js';
import { formatTimestamp } from '../../core/domain/transcript.js';
import type { QualityMeeting, ReferenceSpeaker } from './analyzer-quality-set.js';

const NOW = new Date('2026-01-15T12:00:00Z');

export interface StoryTallies {
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
  repeatedSentences: number;
}

export const noStoryTallies = (): StoryTallies => ({
  speakersExpected: 0, speakersNamed: 0, badEntities: 0, entities: 0, badHeadlines: 0, cutQuotes: 0,
  quotes: 0, capsRuns: 0, untimedClaims: 0, falseTransitions: 0, hostCityMissing: 0, repeatedSentences: 0,
});

/** "Chair Roberto (Andrew Roberto)" and "Edward Bailey Sr." are Roberto and Bailey. */
function surnameOf(name: string): string {
  const words = name.replace(/\([^)]*\)/g, ' ').replace(/\b(?:Sr|Jr|II|III)\.?$/, '').trim().split(/\s+/);
  return (words.pop() ?? '').replace(/[^\p{L}'’-]/gu, '').toLowerCase();
}

/** Speakers who name themselves or are named at roll call, and whether the analysis names them. */
function countSpeakers(speakers: readonly ReferenceSpeaker[], analysis: AnalysisResults, transcript: string, t: StoryTallies, lines: string[]): void {
  const named = new Set(
    [...analysis.entities.filter((e) => e.type === 'person').map((e) => e.name), ...analysis.highlights.flatMap((h) => h.quotes.map((q) => q.speaker))]
      .flatMap((n) => n.toLowerCase().split(/[\s-]+/)),
  );
  for (const speaker of speakers) {
    const surname = surnameOf(speaker.name);
    if (!new RegExp(`\\b${surname.replace(/-/g, '[\\s-]')}\\b`, 'i').test(transcript)) continue;
    t.speakersExpected++;
    if (surname.split('-').every((part) => named.has(part))) t.speakersNamed++;
    else lines.push(`  speaker not named: ${speaker.name} (${speaker.role})`);
  }
}

/** The story and analysis checks of one development meeting; its problems go to `lines`. */
export function checkStory(meeting: QualityMeeting, lines: string[]): { tallies: StoryTallies; analysis: AnalysisResults; story: NewsStory } {
  const t = noStoryTallies();
  const segments = meeting.parsed.segments;
  const transcript = segments.map((s) => s.text).join(' ');
  const input = { segments, title: meeting.title, meetingDate: meeting.publishedAt, now: NOW, timed: meeting.parsed.timed, cityName: meeting.cityName };
  const analysis = analyzeTranscript(input);
  const story = writeStory({ analysis, segments, title: meeting.title, cityName: meeting.cityName, publishedAt: meeting.publishedAt, now: NOW, timed: meeting.parsed.timed });

  if (meeting.reference) countSpeakers(meeting.reference.named_speakers, analysis, transcript, t, lines);

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
  const repeated = repeatedSentences(story.article.body);
  t.repeatedSentences = repeated.length;
  for (const sentence of repeated) lines.push(`  sentence said twice: ${sentence.slice(0, 100)}`);
  const transitions = story.article.body.match(/Later in the meeting, one speaker said|Another speaker said/g) ?? [];
  t.falseTransitions = transitions.length;
  return { tallies: t, analysis, story };
}

/** Everything a development meeting produced, in one file to read; never called for validation meetings. */
export function writeOutputs(dir: string, meeting: QualityMeeting, analysis: AnalysisResults, story: NewsStory, lines: readonly string[]): string {
  const file = path.join(dir, `${meeting.file.replace(/\.\w+$/, '')}.txt`);
  const text = [
    `# ${meeting.file} (${meeting.parsed.format}, ${meeting.parsed.timed ? 'timed' : 'untimed'})`,
    '', '## Checks', ...lines,
    '', '## Story', `HEADLINE: ${story.article.headline}`, `FOCUS: ${story.article.primary_focus}`, '', story.article.body,
    '', `PULL QUOTE: ${JSON.stringify(story.sidebar_elements.quote_block)}`,
    `QUICK FACTS: ${story.sidebar_elements.quick_facts.join(' | ')}`,
    `BACKGROUND: ${story.sidebar_elements.background}`,
    `UNCERTAINTY: ${story.metadata.uncertainty_notes.join(' | ')}`,
    '', '## Decisions', ...(analysis.decisions ?? []).map((d) => {
      const at = decisionStartMs(d);
      return `${describeDecision(d, at === null ? null : formatTimestamp(at))}${d.motion ? ` (motion: ${d.motion})` : ''}${d.mover ? ` moved by ${d.mover}` : ''}\n    “${d.evidence.map((e) => e.text).join(' … ')}”`;
    }),
    '', '## Summary', analysis.summary,
    '', '## Highlights', ...analysis.highlights.map((h) => `${h.timestamp} ${h.point_of_interest}\n    ${h.quotes.map((q) => `${q.speaker}: ${q.text}`).join('\n    ')}`),
    '', '## Action items', ...analysis.action_items.map((a) => `${a.description} (${a.responsible_party}; ${a.due_date})`),
    '', '## Entities', ...analysis.entities.map((e) => `${e.type}: ${e.name} — ${e.context}`),
  ].join('\n');
  writeFileSync(file, text);
  return file;
}

