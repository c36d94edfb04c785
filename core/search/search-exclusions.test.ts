import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { replaceSegments } from '../db/repositories/transcript-segments.js';
import type { SearchSort } from '../domain/search.js';
import { buildCity } from '../testing/builders.js';
import { addMeeting, daysAgo } from '../testing/search-meetings.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { searchVideos } from './search-service.js';

/** -word and -"phrase" remove whole meetings: said in any moment, or written in the title or description. */
describe.each(TEST_ENGINES)('search exclusions on %s', (engine) => {
  let database: Database;
  const titles = async (q: string, extra: { city?: string; limit?: number; sort?: SearchSort } = {}) =>
    (await searchVideos(database.db, { q, ...extra })).results.map((r) => r.title);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const fairview = await buildCity(db, { name: 'Fairview', state: 'CA', location_key: 'fairview-ca' });
    const riverton = await buildCity(db, { name: 'Riverton', state: 'OR', location_key: 'riverton-or' });
    await addMeeting(db, fairview.id, {
      title: 'Library Board',
      description: null,
      published_at: daysAgo(5),
      says: [[10, 'The library hours expand.'], [20, 'Now the budget for books.']],
    });
    await addMeeting(db, fairview.id, { title: 'Library Hours', description: null, published_at: daysAgo(6), says: [[10, 'The library opens at nine.']] });
    await addMeeting(db, fairview.id, { title: 'Budget Workshop', description: null, published_at: daysAgo(7), says: [[10, 'The library roof leaks.']] });
    await addMeeting(db, fairview.id, { title: 'Parks meeting', description: 'Budgets for parks', published_at: daysAgo(8), says: [[10, 'Library plans.']] });
    await addMeeting(db, riverton.id, {
      title: 'Council meeting',
      description: null,
      published_at: daysAgo(9),
      says: [[10, 'The library expansion.'], [20, 'The capital budget passed.']],
    });
    await addMeeting(db, riverton.id, {
      title: 'Council session',
      description: null,
      published_at: daysAgo(10),
      says: [[10, 'The library fund.'], [20, 'Capital improvements are in the budget.']],
    });
    await addMeeting(db, fairview.id, { title: 'Library Annex', description: 'No transcript yet', published_at: daysAgo(11) });
  });
  afterAll(async () => {
    await database.close();
  });

  it('leaves out a meeting that says the word in any one moment, not only the moments that say it', async () => {
    expect(await titles('library')).toHaveLength(7);
    // Library Board says "library" and "budget" in different moments; Council meeting and session too.
    expect(await titles('library -budget')).toEqual(['Library Hours', 'Library Annex']);
  });

  it('leaves out a meeting whose title or description has the word, stemmed ("Budgets")', async () => {
    const found = await titles('library -budget');
    expect(found).not.toContain('Budget Workshop');
    expect(found).not.toContain('Parks meeting');
    expect(await titles('roof -workshop')).toEqual([]);
    // "Budgets" is in the Parks meeting's description only.
    expect(await titles('plans -budget')).toEqual([]);
    expect(await titles('plans -workshop')).toEqual(['Parks meeting']);
  });

  it('excludes a quoted phrase only where its words stand together', async () => {
    expect(await titles('library -"capital budget"')).toEqual(['Library Board', 'Library Hours', 'Budget Workshop', 'Parks meeting', 'Council session', 'Library Annex']);
    expect(await titles('"capital budget" -library')).toEqual([]);
  });

  it('finds a title by the words that are not excluded', async () => {
    // The Annex has no transcript: it is found by its title, "library".
    expect(await titles('annex -budget')).toEqual(['Library Annex']);
    expect(await titles('annex -transcript')).toEqual([]);
  });

  it('keeps the shown moments to the wanted words', async () => {
    const { results } = await searchVideos(database.db, { q: 'library -budget' });
    expect(results[0]?.hits).toEqual([{ start_ms: 10_000, text: 'The library opens at nine.', highlighted: 'The <mark>library</mark> opens at nine.' }]);
  });

  it('works with a city, with relevance order and with several exclusions', async () => {
    expect(await titles('library -budget', { city: 'fairview-ca' })).toEqual(['Library Hours', 'Library Annex']);
    expect(await titles('library -budget', { city: 'riverton-or' })).toEqual([]);
    expect(await titles('library -"capital budget"', { city: 'riverton-or' })).toEqual(['Council session']);
    expect((await titles('library -budget', { sort: 'relevance' })).sort()).toEqual(['Library Annex', 'Library Hours']);
    expect(await titles('library -hours -annex -budget')).toEqual([]);
    // The rest of the query, "library or nine", is what a title must contain: the Annex's does not.
    expect(await titles('library or nine -budget')).toEqual(['Library Hours']);
  });

  it('lists every meeting that does not say or write the words when the query is only exclusions', async () => {
    expect(await titles('-library')).toEqual([]);
    expect(await titles('-budget')).toEqual(['Library Hours', 'Library Annex']);
    expect(await titles('-budget', { city: 'riverton-or' })).toEqual([]);
  });

  it('keeps pages consistent: a smaller limit shows the first results and says there are more', async () => {
    const all = await searchVideos(database.db, { q: 'library -"capital budget"' });
    expect(all).toMatchObject({ count: 6, has_more: false });
    for (const limit of [1, 3, 5]) {
      const page = await searchVideos(database.db, { q: 'library -"capital budget"', limit });
      expect(page.results.map((r) => r.id)).toEqual(all.results.slice(0, limit).map((r) => r.id));
      expect(page).toMatchObject({ count: limit, has_more: true });
    }
    expect(await searchVideos(database.db, { q: 'library -"capital budget"', limit: 6 })).toMatchObject({ count: 6, has_more: false });
  });
});

/** Enough meetings for every way of finding matches (sample, walk, index) to run, each checked against plain SQL. */
describe.each(TEST_ENGINES)('search exclusions over many meetings on %s', (engine) => {
  let database: Database;
  const strategies = new Set<string>();
  const record = { onStrategy: (strategy: string) => strategies.add(strategy) };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const fairview = await buildCity(database.db, { location_key: 'fairview-ca' });
    const riverton = await buildCity(database.db, { location_key: 'riverton-or' });
    for (let i = 0; i < 80; i++) {
      const says: [number, string][] = [[1, `Budget item ${i}.`]];
      if (i % 3 === 0) says.push([2, 'The levy vote.']);
      if (i % 10 === 7) says.push([3, 'A rare stormwater budget question.']);
      const title = i % 11 === 4 ? `Levy hearing ${i}` : `Meeting ${i}`;
      await addMeeting(database.db, i % 4 === 0 ? riverton.id : fairview.id, { title, published_at: daysAgo(i), says });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  /** What a search should find: a matching moment for the wanted words, and the excluded word nowhere. */
  const expected = async (wanted: string, excluded: string, city?: string) => {
    const rows = await sql<{ id: string }>`
      select v.id from city_videos v join cities c on c.id = v.city_id
      where exists (select 1 from transcript_segments s where s.city_video_id = v.id and s.tsv @@ websearch_to_tsquery('english', ${wanted}))
        and not exists (select 1 from transcript_segments s where s.city_video_id = v.id and s.tsv @@ websearch_to_tsquery('english', ${excluded}))
        and not to_tsvector('english', v.title) @@ websearch_to_tsquery('english', ${excluded})
        and (${city ?? null}::text is null or c.location_key = ${city ?? null})
      order by v.published_at desc nulls last, v.id`.execute(database.db);
    return rows.rows.map((row) => row.id);
  };

  it.each([
    ['budget', 'levy'],
    ['stormwater', 'levy'],
    ['budget', '"levy vote"'],
    ['"budget item"', 'stormwater'],
  ])('finds %s without %s on every page, in date order, in each scope', async (wanted, excluded) => {
    for (const city of [undefined, 'fairview-ca', 'riverton-or']) {
      const all = await expected(wanted, excluded, city);
      for (const limit of [2, 5, 20, 50]) {
        const response = await searchVideos(database.db, { q: `${wanted} -${excluded}`, limit, ...(city ? { city } : {}) }, record);
        expect(response.results.map((r) => r.id)).toEqual(all.slice(0, limit));
        expect(response).toMatchObject({ count: Math.min(limit, all.length), has_more: all.length > limit });
      }
      const ranked = await searchVideos(database.db, { q: `${wanted} -${excluded}`, sort: 'relevance', ...(city ? { city } : {}) });
      expect(ranked.results).toHaveLength(Math.min(50, all.length));
      expect(ranked.results.filter((r) => !all.includes(r.id))).toEqual([]);
    }
  });

  it('went every way there is to find matches above', () => {
    expect([...strategies].sort()).toEqual(['index', 'sample', 'walk']);
  });

  it('reads the index for a rare word once ANALYZE has run, and still leaves the excluded meetings out', async () => {
    await sql`analyze transcript_segments`.execute(database.db);
    const strategies: string[] = [];
    const response = await searchVideos(database.db, { q: 'stormwater -levy' }, { onStrategy: (s) => strategies.push(s) });
    expect(response.results.map((r) => r.id)).toEqual(await expected('stormwater', 'levy'));
    expect(response.results.length).toBeGreaterThan(0);
    expect(strategies).toEqual(['index']);
  });
});

/** The words of each meeting (migration 0020) follow its transcript, however the segments are written. */
describe.each(TEST_ENGINES)('excluded words that change on %s', (engine) => {
  let database: Database;
  afterAll(async () => {
    await database.close();
  });

  it('follows a transcript replaced, segments deleted or edited, and a meeting deleted', async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const city = await buildCity(db);
    const meeting = await addMeeting(db, city.id, { title: 'Library', published_at: daysAgo(1), says: [[1, 'Books and the budget.']] });
    const other = await addMeeting(db, city.id, { title: 'Library too', published_at: daysAgo(2), says: [[1, 'Books only.']] });
    const titles = async (q: string) => (await searchVideos(db, { q })).results.map((r) => r.title);
    expect(await titles('books -budget')).toEqual(['Library too']);

    await replaceSegments(db, meeting.id, [{ start_ms: 0, end_ms: 1000, speaker: null, text: 'Books and the levy.' }]);
    expect(await titles('books -budget')).toEqual(['Library', 'Library too']);
    expect(await titles('books -levy')).toEqual(['Library too']);

    await sql`update transcript_segments set text = 'Books and the budget.' where city_video_id = ${other.id}`.execute(db);
    expect(await titles('books -budget')).toEqual(['Library']);
    await sql`delete from transcript_segments where city_video_id = ${other.id}`.execute(db);
    expect(await titles('library -budget')).toEqual(['Library', 'Library too']);

    await db.deleteFrom('city_videos').where('id', '=', meeting.id).execute();
    const left = await sql<{ id: string }>`select city_video_id as id from meeting_words`.execute(db);
    expect(left.rows.map((row) => row.id)).toEqual([other.id]);
  });
});
