import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { addMeeting, daysAgo, sampleNewest } from '../testing/search-meetings.js';
import { loadDatePage } from './date-page.js';
import { splitExclusions } from '../domain/search-exclusions.js';
import { excludedMeetings, websearchQuery, type Scope } from './search-sql.js';
import { commonLexemes } from './word-stats.js';
import {
  chooseStrategy,
  findNewestMatches,
  INDEX_ROW_CAP,
  indexMatches,
  SAMPLE_VIDEOS,
  shapeOf,
  walkMatches,
  type QueryShape,
  type Sample,
  type SampledVideo,
} from './transcript-matches.js';

const ALL = {};

const sampled = (matches: number[], segments = 500): SampledVideo[] =>
  matches.map((m, i) => ({ id: `v${i}`, published_at: daysAgo(i), matches: m, segments }));

describe('choosing how to find transcript matches', () => {
  const want = 21;
  const sample = (matches: number[], scopeSize: number, totalSize = scopeSize, shape: QueryShape = 'word'): Sample => ({
    searchable: true,
    rare: false,
    videos: sampled(matches),
    shape,
    scopeSize,
    totalSize,
  });

  it('answers from the sample when it holds a page, or the whole scope', () => {
    expect(chooseStrategy(sample(Array(16).fill(3), 2000), 10)).toBe('sample');
    expect(chooseStrategy(sample([0, 1, 0], 3), want)).toBe('sample');
  });

  it('walks on for a word most meetings say, reads the index for a rare one', () => {
    expect(chooseStrategy(sample(Array(16).fill(5), 2000), want)).toBe('walk');
    // One meeting in sixteen, once: the walk would probe ~320 meetings, the index read ~125 rows.
    expect(chooseStrategy(sample([1, ...Array(15).fill(0)], 2000), want)).toBe('index');
    expect(chooseStrategy(sample(Array(16).fill(0), 2000), want)).toBe('index');
  });

  it('reads the index when the statistics say every word is rare (no sample taken)', () => {
    expect(chooseStrategy({ searchable: true, rare: true, videos: [], shape: 'word', scopeSize: 2000, totalSize: 2000 }, want)).toBe('index');
  });

  it('counts the index by all cities\' matches when searching one city', () => {
    // One meeting in sixteen: alone, the index would win; but it reads the matches of 40 cities.
    const sixteenth = [1, ...Array(15).fill(0)];
    expect(chooseStrategy(sample(sixteenth, 250), want)).toBe('index');
    expect(chooseStrategy(sample(sixteenth, 250, 10_000), want)).toBe('walk');
  });

  it('walks less far for a phrase, whose misses cost a check of word order each', () => {
    const quarter = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
    expect(chooseStrategy(sample(quarter, 2000), want)).toBe('walk');
    expect(chooseStrategy(sample(quarter, 2000, 2000, 'phrase'), want)).toBe('index');
  });

  it('reads the shape of a query from its tree', () => {
    expect(shapeOf("'council'")).toBe('word');
    expect(shapeOf("'arena' | 'stadium'")).toBe('word');
    expect(shapeOf("'shelter' & 'referr'")).toBe('words');
    expect(shapeOf("'public' <-> 'comment'")).toBe('phrase');
    expect(shapeOf("'human' <-> 'servic' <2> 'depart' & 'budget'")).toBe('phrase');
  });

  it('walks the rest of a small scope (one city) even when the sample found nothing', () => {
    expect(chooseStrategy(sample(Array(16).fill(0), 50), want)).toBe('walk');
  });
});

/** The three ways give the same videos in the same order as a plain query. */
describe.each(TEST_ENGINES)('transcript matches on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db);
    for (let i = 0; i < 50; i++) {
      const says: [number, string][] = [[1, 'Call to order.']];
      if (i % 2 === 0) says.push([2, 'Thank you, council.']);
      if (i % 7 === 3) says.push([3, 'The stormwater fee.']);
      // Two meetings on one day: the id breaks the tie.
      await addMeeting(database.db, city.id, { published_at: i === 21 ? daysAgo(20) : daysAgo(i), says });
    }
    await addMeeting(database.db, city.id, { published_at: null, says: [[1, 'Stormwater and council.']] });
  });
  afterAll(async () => {
    await database.close();
  });

  /** The query as search passes it on: without its exclusions, which go in the scope. */
  const parts = (q: string): { query: ReturnType<typeof websearchQuery>; scope: Scope } => {
    const { wanted, excluded } = splitExclusions(q);
    return { query: websearchQuery(wanted), scope: excluded === null ? ALL : { excluded: excludedMeetings(websearchQuery(excluded)) } };
  };
  /** Meetings with a segment that matches the query's wanted part (any meeting, when `any`), and none (nor a title) that says an excluded word. */
  const plain = async (q: string, limit: number, any = false) => {
    const { wanted, excluded } = splitExclusions(q);
    const result = await sql<{ id: string }>`
      select v.id from city_videos v
      where (${any} or exists (select 1 from transcript_segments s where s.city_video_id = v.id and s.tsv @@ websearch_to_tsquery('english', ${wanted})))
        and not exists (select 1 from transcript_segments s where s.city_video_id = v.id and s.tsv @@ websearch_to_tsquery('english', ${excluded ?? ''}))
        and not to_tsvector('english', v.title) @@ websearch_to_tsquery('english', ${excluded ?? ''})
      order by v.published_at desc nulls last, v.id limit ${limit}`.execute(database.db);
    return result.rows.map((row) => row.id);
  };
  const ids = (videos: { id: string }[]) => videos.map((v) => v.id);

  const QUERIES = ['council', 'stormwater', 'council stormwater', 'stormwater -council', 'council -"stormwater fee"', 'nothing'];

  it.each(QUERIES)('agree for %s', async (q) => {
    const { query, scope } = parts(q);
    for (const limit of [5, 21, 60]) {
      const expected = await plain(q, limit);
      expect(ids((await indexMatches(database.db, query, scope, limit)) ?? [])).toEqual(expected);
      expect(ids(await walkMatches(database.db, query, scope, 0, limit))).toEqual(expected);
      const sample = await sampleNewest(database.db, q, ALL);
      expect(ids((await findNewestMatches(database.db, query, scope, limit, sample)).videos)).toEqual(expected);
      // The walk after the sample: the same order, minus the sampled videos (the newest not excluded).
      const all = await plain(q, 1000);
      const sampledIds = new Set(await plain(q, SAMPLE_VIDEOS, true));
      expect(ids(await walkMatches(database.db, query, scope, SAMPLE_VIDEOS, limit))).toEqual(
        all.filter((id) => !sampledIds.has(id)).slice(0, limit),
      );
    }
  });

  // Last: ANALYZE makes every word of this small table rare, so the paths above would not run.
  it('skips the sample for words the statistics show to be rare, once ANALYZE has run', async () => {
    await sql`analyze transcript_segments`.execute(database.db);
    const rare = await sampleNewest(database.db, 'stormwater', ALL, await commonLexemes(database.db));
    expect(rare).toMatchObject({ searchable: true, rare: true, videos: [] });
    expect(ids((await findNewestMatches(database.db, websearchQuery('stormwater'), ALL, 60, rare)).videos)).toEqual(await plain('stormwater', 60));
  });
});

/** A topic of older meetings that the newest never mention: the sample says "rare", it is not. */
describe.each(TEST_ENGINES)('a word the sample misjudges, on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db);
    for (let i = 0; i < 40; i++) await addMeeting(database.db, city.id, { title: `Meeting ${i}`, published_at: daysAgo(i), says: [[1, 'Roll call.']] });
    // The 24 oldest say "pandemic" 1,000 times each: more than the index path will read.
    await sql`
      insert into transcript_segments (city_video_id, seq, start_ms, end_ms, text)
      select v.id, g, g * 1000, g * 1000 + 500, 'Yes.'
      from (select id from city_videos order by published_at desc limit ${SAMPLE_VIDEOS}) v, generate_series(1, 2500) g`.execute(database.db);
    await sql`
      insert into transcript_segments (city_video_id, seq, start_ms, end_ms, text)
      select v.id, g, g * 1000, g * 1000 + 500, case when g % 2 = 0 then 'Pandemic recovery funds.' else 'Next speaker.' end
      from (select id from city_videos order by published_at desc offset ${SAMPLE_VIDEOS}) v, generate_series(1, 2000) g`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  /** What the sample of these 40 meetings would say among thousands: none of the newest say it, read the index. */
  const misjudged = async () => ({ ...(await sampleNewest(database.db, 'pandemic', ALL)), scopeSize: 5000, totalSize: 5000 });
  const olderIds = async (limit: number) =>
    (await sql<{ id: string }>`select id from city_videos order by published_at desc offset ${SAMPLE_VIDEOS} limit ${limit}`.execute(database.db)).rows.map((r) => r.id);

  it(`stops reading the index after ${INDEX_ROW_CAP.toLocaleString('en-US')} segments and walks instead`, async () => {
    const sample = await misjudged();
    expect(sample.videos.filter((v) => v.matches > 0)).toEqual([]);
    expect(await indexMatches(database.db, websearchQuery('pandemic'), ALL, 21)).toBeNull();
    expect(chooseStrategy(sample, 21)).toBe('index');
    const found = await findNewestMatches(database.db, websearchQuery('pandemic'), ALL, 21, sample);
    expect(found.strategy).toBe('walk');
    expect(found.videos.map((v) => v.id)).toEqual(await olderIds(21));
  });

  it('says so when a date page asked of the index overflows, and gives the page when asked to walk', async () => {
    const query = websearchQuery('pandemic');
    const request = { query, scope: ALL, known: [], knownMoments: new Map(), moments: true, want: 6, limit: 5 };
    const overflowed = await loadDatePage(database.db, { ...request, source: { kind: 'index' } });
    expect(overflowed).toEqual({ rows: [], overflow: true });
    const walked = await loadDatePage(database.db, { ...request, source: { kind: 'walk', skip: SAMPLE_VIDEOS, need: 6 } });
    expect(walked.overflow).toBe(false);
    expect(walked.rows.map((row) => row.id)).toEqual(await olderIds(6));
    // Moments for the shown five only: the sixth only says there are more.
    expect(walked.rows.map((row) => row.moments?.length)).toEqual([3, 3, 3, 3, 3, 0]);
    expect(walked.rows[0]?.moments?.[0]?.text).toBe('Pandemic recovery funds.');
  });
});
