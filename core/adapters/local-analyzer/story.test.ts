import { describe, expect, it } from 'vitest';
import { newsStorySchema, type NewsStory } from '../../domain/news-story.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { buildTranscriptIndex, matchQuote, verifyAnalysis, verifyStory } from '../../domain/quote-verification.js';
import { analyzeTranscript } from './analyze.js';
import { writeStory } from './story.js';
import { fairviewSegments, FAIRVIEW_TITLE } from '../../testing/synthetic-meeting.js';
import { BRIEFING_FILE, COMMITTEE_FILE, loadRealTranscript } from '../../testing/real-transcripts.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

const now = new Date('2026-03-05T12:00:00Z'); // two days after the Fairview meeting

/** Every “…” passage in the body must be verbatim transcript text. */
function bodyQuotes(story: NewsStory): string[] {
  return [...story.article.body.matchAll(/“([^”]+)”/g)].map((m) => m[1] ?? '');
}

function checkStory(story: NewsStory, segments: TranscriptSegment[]) {
  expect(newsStorySchema.safeParse(story).success).toBe(true);
  const { article, sidebar_elements: sidebar, metadata } = story;
  expect(article.headline.length).toBeGreaterThan(10);
  expect(article.headline.length).toBeLessThanOrEqual(90);
  expect(article.word_count).toBe(article.body.split(/\s+/).filter(Boolean).length);
  const paragraphs = article.body.split('\n\n');
  expect(paragraphs.length).toBeGreaterThanOrEqual(3);
  expect(paragraphs.every((p) => p.trim().length > 0)).toBe(true);
  const index = buildTranscriptIndex(segments);
  const quotes = bodyQuotes(story);
  expect(quotes.length).toBeGreaterThan(0);
  for (const quote of quotes) expect(matchQuote(quote, index).status, quote).toBe('verified');
  expect(verifyStory(story, segments).sidebar_elements.quote_block?.verification_status).toBe('verified');
  expect(sidebar.quick_facts.length).toBeGreaterThanOrEqual(3);
  expect(sidebar.quick_facts.length).toBeLessThanOrEqual(6);
  expect(sidebar.background.length).toBeGreaterThan(20);
  expect(metadata.sources_used).toContain('Meeting transcript');
  expect(metadata.uncertainty_notes[0]).toMatch(/^Written automatically from the meeting.s captions/);
  expect(story.generator?.kind).toBe('local');
}

describe('writeStory on the synthetic Fairview meeting', () => {
  const analysis = analyzeTranscript({ segments: fairviewSegments, title: FAIRVIEW_TITLE, now });
  const story = writeStory({ analysis, segments: fairviewSegments, title: FAIRVIEW_TITLE, cityName: 'Fairview', now });

  it('leads with the decision, tally and day', () => {
    checkStory(story, fairviewSegments);
    expect(story.article.body.split('\n\n')[0]).toBe(
      'The Fairview City Council voted 4-1 on Tuesday to approve the contract with Delgado Construction for the Elm Street bridge.',
    );
    expect(story.article.headline).toBe('Fairview council approves contract with Delgado Construction for the Elm Street bridge');
    expect(story.article.primary_focus).toBe('Contract with Delgado Construction for the Elm Street bridge');
  });

  it('explains the decision, gives the dissent with its reason, then the other business', () => {
    const paragraphs = story.article.body.split('\n\n');
    expect(paragraphs[1]).toMatch(/^“The bid from Delgado Construction came in at \$1,250,000, which is below the engineer’s estimate,” Public Works Director Lee told the council\./);
    expect(story.article.body).toContain(
      'Council Member Chen cast the lone vote against it. “I voted no because the city should have rebid the project after the design change,” Chen said.',
    );
    expect(story.article.body).toContain(
      'In other business, the council voted unanimously to direct staff to return with a proposal by March 15, 2026 for a traffic safety plan around the school.',
    );
  });

  it('fills the sidebar and metadata from the meeting', () => {
    const pull = story.sidebar_elements.quote_block;
    expect(pull?.attribution).toMatch(/^(?:Mayor Ortiz|Council Member Park|Public Works Director Lee)$/);
    expect(story.article.body).not.toContain(pull?.quote ?? '(none)');
    expect(story.sidebar_elements.quick_facts).toContain('Vote: 4-1 to approve contract with Delgado Construction for the Elm Street bridge (no: Chen)');
    expect(story.sidebar_elements.quick_facts).toContain('Next meeting: April 14, 2026');
    expect(story.metadata.next_meeting_date).toBe('2026-04-14');
    expect(story.metadata.follow_up_needed).toBe(true);
    expect(story.article.body).toContain('by March 15, 2026');
    expect(story.metadata.sources_used).toEqual(['Meeting transcript', 'Video title and description']);
  });

  it('is steered by the editor context and never prints it', () => {
    const context = 'Lead with the traffic safety plan around the school. The bridge was closed in 2024 after an inspection.';
    const plain = writeStory({ analysis, segments: fairviewSegments, cityName: 'Fairview', now });
    const steered = writeStory({ analysis, segments: fairviewSegments, cityName: 'Fairview', additionalContext: context, now });
    const lede = (story: NewsStory) => story.article.body.split('\n\n')[0] ?? '';
    expect(lede(plain)).toMatch(/Delgado Construction/);
    expect(lede(steered)).toMatch(/traffic safety plan around the school/);
    const published = JSON.stringify({ ...steered.article, ...steered.sidebar_elements, notes: steered.notes, uncertainty: steered.metadata.uncertainty_notes });
    expect(published).not.toMatch(/bridge was closed in 2024|Lead with/i);
    expect(steered.metadata.sources_used).toEqual(['Meeting transcript', 'Additional context from the editor']);
  });

  it('leads as before when the context names nothing the meeting decided', () => {
    const steered = writeStory({ analysis, segments: fairviewSegments, cityName: 'Fairview', additionalContext: 'Lead with the water rates.', now });
    expect(steered.article.body.split('\n\n')[0]).toMatch(/Delgado Construction/);
  });
});

describe.skipIf(!REAL)('writeStory on real Seattle meetings', () => {
  it.each([
    [COMMITTEE_FILE, 'Civil Rights, Utilities, Economic Development & Arts Committee 6/25/19'],
    [BRIEFING_FILE, 'Council Briefing 7/15/19'],
  ])('%s gives a valid story whose quotes verify', (file, title) => {
    const segments = loadRealTranscript(file);
    const analysis = analyzeTranscript({ segments, title, now });
    const story = writeStory({ analysis, segments, title, cityName: 'Seattle', now });
    checkStory(story, segments);
    expect(story.metadata.uncertainty_notes.join(' ')).toMatch(/does not identify speakers/);
    expect(story.article.body).toMatch(/^The Seattle /);
  });
});

describe('writeStory without transcript segments', () => {
  it('writes from the analysis alone and quotes only already-verified text', () => {
    const analysis = analyzeTranscript({ segments: fairviewSegments, title: FAIRVIEW_TITLE, now });
    const story = writeStory({ analysis, segments: [], now });
    expect(newsStorySchema.safeParse(story).success).toBe(true);
    expect(story.sidebar_elements.quote_block).toBeNull();
    expect(bodyQuotes(story)).toEqual([]);
    expect(story.metadata.next_meeting_date).toBeNull();
  });

  it('quotes passages the stored analysis already marked verified', () => {
    const analysis = verifyAnalysis(analyzeTranscript({ segments: fairviewSegments, title: FAIRVIEW_TITLE, now }), fairviewSegments);
    const story = writeStory({ analysis, segments: [], now });
    expect(story.sidebar_elements.quote_block?.quote).toBeTruthy();
    expect(bodyQuotes(story).length).toBeGreaterThan(0);
  });
});

describe('the story and the decisions record', () => {
  it('counts the verified decisions by outcome in the quick facts', () => {
    const segments = fairviewSegments;
    const analysis = verifyAnalysis(analyzeTranscript({ segments, title: FAIRVIEW_TITLE, now: new Date('2026-04-20') }), segments);
    const decisions = analysis.decisions ?? [];
    expect(decisions.length).toBeGreaterThan(0);
    const story = writeStory({ analysis, segments, title: FAIRVIEW_TITLE, now: new Date('2026-04-20') });
    const fact = story.sidebar_elements.quick_facts.find((f) => f.startsWith('Decisions recorded:'));
    expect(fact).toMatch(new RegExp(`^Decisions recorded: ${decisions.length} \\(\\d+ passed`));
  });
});
