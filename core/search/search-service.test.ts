import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { City } from '../db/schema.js';
import { SEARCH_MAX_QUERY_LENGTH } from '../domain/search.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { searchVideos } from './search-service.js';
import { addMeeting, daysAgo } from '../testing/search-meetings.js';

/** What the spec's search (screen 9, §7) and the transcript search find, on both engines. */
describe.each(TEST_ENGINES)('video search on %s', (engine) => {
  let database: Database;
  let fairview: City;
  let riverton: City;
  const titles = async (q: string, extra: { city?: string; limit?: number } = {}) =>
    (await searchVideos(database.db, { q, ...extra })).results.map((r) => r.title);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    fairview = await buildCity(db, { name: 'Fairview', state: 'CA', location_key: 'fairview-ca', domain: 'fairview.example.gov' });
    riverton = await buildCity(db, { name: 'Riverton', state: 'OR', location_key: 'riverton-or', domain: null });
    await addMeeting(db, fairview.id, {
      title: 'Zoning Hearing',
      description: 'Variances on Elm Street',
      published_at: daysAgo(30),
      says: [[5, 'Call to order.'], [60, 'The parcel was zoned for housing in 2019.'], [90, 'Next item is parking.']],
    });
    await addMeeting(db, fairview.id, {
      title: 'City Council Regular Meeting',
      description: 'Budget adoption, 100% of the agenda',
      published_at: daysAgo(10),
      says: [[12, 'We open public comment now.'], [40, 'A comment from the public about parking and zoning.'], [300, 'The new stadium lease.']],
    });
    await addMeeting(db, riverton.id, {
      title: 'Riverton Council Work Session',
      description: null,
      published_at: daysAgo(20),
      says: [[30, 'Zoning for the arena district.'], [31, 'Public comment is closed.']],
    });
    await addMeeting(db, riverton.id, { title: 'Undated special session', published_at: null, says: [[1, 'Zoning again.']] });
  });
  afterAll(async () => {
    await database.close();
  });

  it('ignores an empty or whitespace-only query without touching the database', async () => {
    for (const q of ['', '   ', '\n\t']) {
      expect(await searchVideos(database.db, { q })).toEqual({ results: [], count: 0, has_more: false });
    }
  });

  it('finds a title or description containing the query, case-insensitively (the spec search)', async () => {
    expect(await titles('ONING HEAR')).toEqual(['Zoning Hearing']);
    expect(await titles('elm street')).toEqual(['Zoning Hearing']);
    // % and _ are only themselves: "100%" is in one description, "1_0" in none.
    expect(await titles('100%')).toEqual(['City Council Regular Meeting']);
    expect(await titles('1_0')).toEqual([]);
  });

  it('joins each result with its city and presents only the listed fields', async () => {
    const { results } = await searchVideos(database.db, { q: 'elm street' });
    expect(results[0]?.city).toEqual({ id: fairview.id, name: 'Fairview', state: 'CA', domain: 'fairview.example.gov', location_key: 'fairview-ca' });
    expect(Object.keys(results[0] ?? {}).sort()).toEqual(
      ['channel_title', 'city', 'city_id', 'description', 'hits', 'id', 'published_at', 'thumbnail_url', 'title', 'video_id', 'video_url'].sort(),
    );
    expect(results[0]?.published_at).toBeInstanceOf(Date);
  });

  it('finds transcripts with English stemming: "zoning" finds "zoned", newest first, undated last', async () => {
    expect(await titles('zoning')).toEqual([
      'City Council Regular Meeting',
      'Riverton Council Work Session',
      'Zoning Hearing',
      'Undated special session',
    ]);
    const hearing = (await searchVideos(database.db, { q: 'zoning' })).results[2];
    expect(hearing?.hits).toEqual([{ start_ms: 60_000, text: 'The parcel was zoned for housing in 2019.', highlighted: 'The parcel was <mark>zoned</mark> for housing in 2019.' }]);
  });

  it('matches quoted phrases word for word', async () => {
    expect(await titles('"public comment"')).toEqual(['City Council Regular Meeting', 'Riverton Council Work Session']);
    const { results } = await searchVideos(database.db, { q: '"public comment"' });
    expect(results[0]?.hits.map((h) => h.start_ms)).toEqual([12_000]);
    expect(await titles('"comment public"')).toEqual([]);
  });

  it('needs every word in one moment, leaves out meetings that say an -excluded word, and honours or', async () => {
    expect(await titles('zoning parking')).toEqual(['City Council Regular Meeting']);
    // The Zoning Hearing says "zoned" and "parking" in different moments: it is left out all the same.
    expect(await titles('zoning -parking')).toEqual(['Riverton Council Work Session', 'Undated special session']);
    expect(await titles('arena or stadium')).toEqual(['City Council Regular Meeting', 'Riverton Council Work Session']);
  });

  it('scopes to one city by location key, and rejects unknown or malformed keys', async () => {
    expect(await titles('zoning', { city: 'riverton-or' })).toEqual(['Riverton Council Work Session', 'Undated special session']);
    await expect(searchVideos(database.db, { q: 'zoning', city: 'atlantis-xx' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Unknown city "atlantis-xx"' });
    await expect(searchVideos(database.db, { q: 'zoning', city: 'Not A Key' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('searches only titles for a query of stop words or punctuation, and lists every meeting for exclusions alone', async () => {
    expect(await titles('!!! ??? ...')).toEqual([]);
    expect(await titles('the of and')).toEqual([]);
    expect(await titles('-zoning')).toEqual([]);
    expect(await titles('-parking')).toEqual(['Riverton Council Work Session', 'Undated special session']);
    expect(await titles('-the')).toEqual([]);
    const { results } = await searchVideos(database.db, { q: 'session' });
    expect(results.map((r) => [r.title, r.hits])).toEqual([
      ['Riverton Council Work Session', []],
      ['Undated special session', []],
    ]);
    // "special" is no stop word but "the" is: a title containing it is still found by substring.
    expect(await titles('Council Regular')).toEqual(['City Council Regular Meeting']);
  });

  it('runs inside a caller\'s transaction too, with the same results', async () => {
    const outside = await searchVideos(database.db, { q: 'zoning' });
    const inside = await database.db.transaction().execute((trx) => searchVideos(trx, { q: 'zoning' }));
    expect(inside).toEqual(outside);
  });

  it('treats SQL-looking input as text', async () => {
    for (const q of ["'; drop table city_videos; --", "zoning' or '1'='1", 'zoning) | (parking', "\\'%_"]) {
      await expect(searchVideos(database.db, { q })).resolves.toMatchObject({ has_more: false });
    }
    const left = await sql<{ n: string }>`select count(*) as n from city_videos`.execute(database.db);
    expect(Number(left.rows[0]?.n)).toBe(4);
  });

  it(`refuses a query over ${SEARCH_MAX_QUERY_LENGTH} characters with a clear BAD_INPUT`, async () => {
    const failure = searchVideos(database.db, { q: 'zoning '.repeat(1500).slice(0, 10_000) });
    await expect(failure).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'The search query is too long: at most 500 characters' });
    await expect(searchVideos(database.db, { q: 'z'.repeat(SEARCH_MAX_QUERY_LENGTH) })).resolves.toMatchObject({ count: 0 });
    await expect(searchVideos(database.db, { q: 'zoning', limit: 51 })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe.each(TEST_ENGINES)('result limits on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db);
    for (let i = 0; i < 60; i++) {
      await addMeeting(database.db, city.id, { title: `Meeting ${i}`, published_at: daysAgo(i), says: [[i, `Budget item ${i}.`]] });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it('returns at most 50, says so, and says there are more, without counting them', async () => {
    for (const q of ['budget', 'meeting']) {
      const response = await searchVideos(database.db, { q });
      expect(response.count).toBe(50);
      expect(response.results).toHaveLength(50);
      expect(response.has_more).toBe(true);
      expect(response.results[0]?.title).toBe('Meeting 0');
      expect(response.results[49]?.title).toBe('Meeting 49');
    }
  });

  it('lists a video that matches by title and by transcript once, in date order, whichever path found it', async () => {
    // Microseconds, which a JavaScript Date cannot hold: a page must not tell videos apart by their dates.
    await sql`update city_videos set published_at = published_at + interval '123 microseconds'`.execute(database.db);
    for (const q of ['1', '"item 1"', '5 or 7', 'meeting 4']) {
      const expected = await sql<{ title: string }>`
        select v.title from city_videos v
        where v.title ilike ${`%${q}%`} or exists (
          select 1 from transcript_segments s where s.city_video_id = v.id and s.tsv @@ websearch_to_tsquery('english', ${q}))
        order by v.published_at desc nulls last, v.id limit 50`.execute(database.db);
      const { results } = await searchVideos(database.db, { q });
      expect(results.map((r) => r.title)).toEqual(expected.rows.map((row) => row.title));
      expect(new Set(results.map((r) => r.id)).size).toBe(results.length);
    }
  });

  it('honours a smaller limit and reports no more when the page holds them all', async () => {
    expect(await searchVideos(database.db, { q: 'budget', limit: 5 })).toMatchObject({ count: 5, has_more: true });
    const exact = await searchVideos(database.db, { q: '"budget item 7" or "budget item 8"', limit: 2 });
    expect(exact.results.map((r) => r.title)).toEqual(['Meeting 7', 'Meeting 8']);
    expect(exact.has_more).toBe(false);
  });
});
