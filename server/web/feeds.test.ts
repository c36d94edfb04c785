import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityVideo } from '../../core/index.js';
import type { Decision } from '../../core/domain/decisions.js';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

interface AtomLink {
  '@_href': string;
  '@_rel'?: string;
}
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: AtomLink | AtomLink[];
  summary?: string;
  content?: string;
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  link: AtomLink | AtomLink[];
  entry?: AtomEntry | AtomEntry[];
}

const parser = new XMLParser({ ignoreAttributes: false, textNodeName: '#text' });
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown) => (typeof value === 'object' && value !== null ? String((value as Record<string, unknown>)['#text']) : String(value));

/** The document parsed by a real XML parser, with Atom's required elements checked (RFC 4287 §4.1). */
function readAtom(xml: string): AtomFeed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { feed: AtomFeed & { '@_xmlns': string } };
  expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const element of [doc.feed, ...list(doc.feed.entry)]) {
    expect(text(element.id)).toMatch(/^https?:\/\//);
    expect(text(element.title).length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(element.updated))).toBe(false);
  }
  // An entry without content must link to it (§4.1.1): ours always link.
  for (const entry of list(doc.feed.entry)) expect(list(entry.link).some((link) => link['@_href'].startsWith('http'))).toBe(true);
  return doc.feed;
}

const decision: Decision = {
  item: 'the footbridge repair contract',
  item_number: 'Item 4',
  motion: null,
  outcome: 'passed',
  tally: { yes: 5, no: 0, abstain: null, absent: null },
  vote_kind: 'roll_call',
  mover: null,
  seconder: null,
  evidence: [{ text: 'The motion carries five to nothing.', start_ms: 125_000 }],
};
const story = (headline: string) =>
  JSON.stringify({
    article: { headline, body: 'Body.', word_count: 1, primary_focus: 'x' },
    sidebar_elements: { quote_block: null, quick_facts: [], background: '' },
    metadata: { sources_used: [], next_meeting_date: null, follow_up_needed: false, uncertainty_notes: [] },
    notes: '',
  });

/** Issue 27's feeds: valid Atom, public cities only, published stories only. */
describe.each(TEST_ENGINES)('Atom feeds on %s', (engine) => {
  let t: TestApp;
  let visitor: TestAgent;
  let alder: City;
  let repaired: CityVideo;

  beforeAll(async () => {
    t = await createTestApp(engine);
    alder = await buildCity(t.db, { name: 'Alder', state: 'CA', location_key: 'alder-ca', status: 'Live' });
    const cedar = await buildCity(t.db, { name: 'Cedar', state: 'CA', location_key: 'cedar-ca', status: 'Test' });
    const analysis = { summary: 'The council repaired the footbridge & more <quickly>.', highlights: [], action_items: [], entities: [], decisions: [decision] };
    repaired = await addMeeting(t.db, alder.id, {
      title: 'Alder Council - May 5, 2026',
      analysis_results: analysis,
      news_story: story('Alder fixes its footbridge'),
      published_at: new Date('2026-05-06T10:00:00Z'),
      story_generated_at: new Date('2026-05-07T10:00:00Z'),
    });
    await addMeeting(t.db, alder.id, {
      title: 'Alder Council - May 19, 2026',
      analysis_results: { ...analysis, decisions: [] },
      draft_story: story('DRAFT headline nobody approved'),
      published_at: new Date('2026-05-20T10:00:00Z'),
    });
    // Discovered, not yet analysed: not news yet.
    await addMeeting(t.db, alder.id, { title: 'Alder Council - June 2, 2026', published_at: new Date('2026-06-03T10:00:00Z') });
    await addMeeting(t.db, cedar.id, { title: 'Cedar secret meeting', analysis_results: analysis });
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves a city's analysed meetings, newest first, with headline, summary and decisions that play their second", async () => {
    const res = await visitor.get('/feeds/city/alder-ca.atom').expect(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = readAtom(res.text);
    expect(text(feed.id)).toBe('http://localhost:3000/feeds/city/alder-ca.atom');
    const entries = list(feed.entry);
    expect(entries.map((entry) => text(entry.title))).toEqual(['Alder Council - May 19, 2026', 'Alder fixes its footbridge']);
    const [, withStory] = entries;
    expect(text(withStory!.id)).toBe(`http://localhost:3000/city/alder-ca/meeting/${repaired.id}`);
    expect(withStory!.updated).toBe('2026-05-07T10:00:00.000Z');
    const content = text(withStory!.content);
    expect(content).toContain('<p>The council repaired the footbridge &amp; more &lt;quickly&gt;.</p>');
    expect(content).toContain(`<a href="http://localhost:3000/city/alder-ca/meeting/${repaired.id}?t=125">Item 4, the footbridge repair contract: passed 5-0</a>`);
    expect(content).toContain('Read the story: Alder fixes its footbridge');
    expect(feed.updated).toBe('2026-05-20T10:00:00.000Z');
    expect(res.text).not.toContain('DRAFT');
  });

  it('leaves cities being set up out of every feed, and answers an unknown city 404', async () => {
    const all = readAtom((await visitor.get('/feeds/meetings.atom').expect(200)).text);
    expect(list(all.entry)).toHaveLength(2);
    expect(JSON.stringify(all)).not.toContain('Cedar');
    await visitor.get('/feeds/city/cedar-ca.atom').expect(404);
    await visitor.get('/feeds/city/nowhere.atom').expect(404);
  });

  it('is valid Atom with no entries at all', async () => {
    await buildCity(t.db, { name: 'Birch', state: 'CA', location_key: 'birch-ca', status: 'Live' });
    const feed = readAtom((await visitor.get('/feeds/city/birch-ca.atom').expect(200)).text);
    expect(list(feed.entry)).toEqual([]);
  });
});
