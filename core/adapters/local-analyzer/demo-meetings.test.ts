import { beforeAll, describe, expect, it } from 'vitest';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { newsStorySchema, type NewsStory } from '../../domain/news-story.js';
import { buildTranscriptIndex, matchQuote, normalizeForMatch, verifyAnalysis, verifyStory } from '../../domain/quote-verification.js';
import { DEMO_VIDEO_IDS, loadDemoMeetings, type DemoMeeting, type DemoVideoId } from '../../testing/demo-meeting-outputs.js';

let meetings: Map<DemoVideoId, DemoMeeting>;
beforeAll(async () => {
  meetings = await loadDemoMeetings();
});
const meeting = (id: DemoVideoId): DemoMeeting => meetings.get(id)!;

function bodyQuotes(story: NewsStory): string[] {
  return [...story.article.body.matchAll(/“([^”]+)”/g)].map((m) => m[1] ?? '');
}

/** The body's sentences, quotes included, as normalised text. */
function bodySentences(story: NewsStory): string[] {
  return story.article.body
    .split(/\n\n|(?<=[.!?…][”"]?)\s+(?=[“A-Z$0-9])/)
    .map((sentence) => normalizeForMatch(sentence))
    .filter((sentence) => sentence.split(' ').length >= 4);
}

const lede = (id: DemoVideoId) => meeting(id).story.article.body.split('\n\n')[0] ?? '';

describe.each(DEMO_VIDEO_IDS)('the demo meeting %s', (id) => {
  it('gives a valid analysis and story', () => {
    const { analysis, story } = meeting(id);
    expect(analysisResultsSchema.safeParse(analysis).success).toBe(true);
    expect(newsStorySchema.safeParse(story).success).toBe(true);
    expect(story.article.headline.length).toBeLessThanOrEqual(90);
  });

  it('leads with business, not housekeeping', () => {
    const { analysis, story } = meeting(id);
    expect(story.article.headline).not.toMatch(/consent (?:calendar|agenda)|\bagenda\b|\bminutes\b/i);
    expect(lede(id)).not.toMatch(/consent (?:calendar|agenda)|\bagenda\b|\bminutes\b/i);
    expect(analysis.summary).not.toMatch(/consent (?:calendar|agenda)|warrant (?:register|list)|the minutes (?:of|from)/i);
  });

  it('quotes only verbatim transcript text, in the body and the sidebar', () => {
    const { segments, story, analysis } = meeting(id);
    const index = buildTranscriptIndex(segments);
    const quotes = bodyQuotes(story);
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    for (const quote of quotes) expect(matchQuote(quote, index).status, quote).toBe('verified');
    expect(verifyStory(story, index).sidebar_elements.quote_block?.verification_status).toBe('verified');
    for (const highlight of verifyAnalysis(analysis, index).highlights) {
      for (const quote of highlight.quotes) expect(quote.verification_status, quote.text).toBe('verified');
    }
  });

  it('reads like an article: no repeated sentence, no list dump, no sidebar quote repeated in the body', () => {
    const { story } = meeting(id);
    const sentences = bodySentences(story);
    expect(new Set(sentences).size, sentences.join('\n')).toBe(sentences.length);
    expect(story.article.body).not.toMatch(/Action items recorded|minutes into the meeting|Motion:|Vote \(/);
    const pull = normalizeForMatch(story.sidebar_elements.quote_block?.quote ?? '');
    expect(pull.length).toBeGreaterThan(20);
    expect(normalizeForMatch(story.article.body)).not.toContain(pull);
    expect(story.article.body.split('\n\n').length).toBeGreaterThanOrEqual(5);
  });

  it('lists entities without fragments, common words or duplicate name forms', () => {
    const { entities } = meeting(id).analysis;
    const names = entities.map((e) => e.name);
    for (const entity of entities) {
      expect(['person', 'organization', 'place', 'date', 'money']).toContain(entity.type);
      if (entity.type === 'money' || entity.type === 'date') continue;
      expect(entity.name, entity.name).toMatch(/^[A-Z0-9]/);
      expect(['Avenue', 'Street', 'Road', 'Downtown', 'Council', 'Board']).not.toContain(entity.name);
    }
    const people = entities.filter((e) => e.type === 'person').map((e) => e.name);
    // No "Patel" or "Ms. Patel" next to "Meera Patel".
    for (const person of people) {
      const surname = person.split(' ').pop() ?? '';
      expect(people.filter((other) => other !== person && other.split(' ').pop() === surname), person).toEqual([]);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe('the 410 Main Street rezoning meeting (fvCC2026a01)', () => {
  it('headlines the 4-1 rezoning vote and ledes with the ordinance', () => {
    const { story } = meeting('fvCC2026a01');
    expect(story.article.headline).toBe('Fairview council advances 410 Main Street rezoning on 4-1 vote');
    expect(lede('fvCC2026a01')).toMatch(/^The Fairview City Council voted 4-1 on January 13 to introduce Ordinance 2026-01, approving the zoning map amendment for 410 Main Street/);
    expect(`${story.article.headline} ${lede('fvCC2026a01')}`).toMatch(/410 Main|zoning/);
  });

  it('gives the staff report, the public hearing, the dissent and what comes next', () => {
    const { body } = meeting('fvCC2026a01').story.article;
    expect(body).toContain('Community Development Director Sofia Marchetti told the council');
    expect(body).toMatch(/Councilmember Dale Whitcomb cast the lone vote against it\. “[^”]+” Whitcomb said\./);
    expect(body).toMatch(/spoke during the public hearing/);
    expect(body).toContain('said resident Meera Patel');
    expect(body).toContain('The motion also directs staff to return with an updated traffic and parking study');
    expect(body).toContain('second reading at the council\'s next meeting, on January 27, 2026');
  });

  it('names entities by their longest form', () => {
    const entities = meeting('fvCC2026a01').analysis.entities;
    const byName = new Map(entities.map((e) => [e.name, e.type]));
    expect(byName.get('Meera Patel')).toBe('person');
    expect(byName.get('Lincoln Elementary')).toBe('organization');
    expect(byName.get('Brightline Homes')).toBe('organization');
    for (const gone of ['Ms. Patel', 'Patel', 'Lincoln', 'Avenue', 'downtown', 'Brightline']) expect(byName.has(gone), gone).toBe(false);
  });

  it('summarises the business in meeting order', () => {
    const { summary } = meeting('fvCC2026a01').analysis;
    expect(summary).toMatch(/introduce Ordinance 2026-01/);
    expect(summary).toMatch(/passes four to one/);
    expect(summary.indexOf('introduce Ordinance')).toBeLessThan(summary.indexOf('passes four to one'));
  });
});

describe('the other demo meetings lead with their main decision', () => {
  it.each([
    ['fvCC2026a02', /Resolution 2026-09, establishing water rates/, '3-2'],
    ['fvCC2026a03', /restore year-round Sunday hours at the main library/, '3-2'],
    ['fvSB2026a01', /approve Option B as the 2026-27 bell schedule/, '4-1'],
    ['fvSB2026a02', /adopt Resolution 31, ordering an election/, '4-1'],
    ['rvCC2026a01', /first reading of Ordinance 1187, regulating short-term rentals/, '3-2'],
  ] as const)('%s', (id, subject, tally) => {
    expect(lede(id)).toMatch(subject);
    expect(lede(id)).toContain(`voted ${tally}`);
    expect(meeting(id).story.article.headline).toContain(`${tally} vote`);
  });

  it('reports later business after the main item', () => {
    expect(meeting('fvCC2026a03').story.article.body).toMatch(/In other business, the council voted 5-0 to approve the Lindgren Park renovation project budget/);
    expect(meeting('rvCC2026a01').story.article.body).toMatch(/In other business, the council voted 5-0 to award the Willow Creek footbridge contract/);
  });
});
