import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import {
  DESCRIPTION_BOOST,
  RANK_ALL_CAP,
  RANK_SCOPE_SEGMENTS,
  rankTranscriptMatches,
  recencyFactor,
  relevanceCandidates,
  relevanceScore,
  shortlist,
  TITLE_BOOST,
} from './relevance.js';
import { addMeeting, daysAgo, sampleNewest } from '../testing/search-meetings.js';
import { searchVideos } from './search-service.js';
import { websearchQuery } from './search-sql.js';

const NOW = daysAgo(0);

describe('relevanceScore', () => {
  it('discounts age gently: 1 today, 0.91 at a year, 0.5 at ten, undated as ten', () => {
    expect(recencyFactor(NOW, NOW)).toBe(1);
    expect(recencyFactor(daysAgo(365.25), NOW)).toBeCloseTo(1 / 1.1, 6);
    expect(recencyFactor(daysAgo(3652.5), NOW)).toBeCloseTo(0.5, 6);
    expect(recencyFactor(null, NOW)).toBeCloseTo(0.5, 6);
    expect(recencyFactor(new Date(NOW.getTime() + 86_400_000), NOW)).toBe(1);
  });

  it('adds the title and description boosts to the text rank before the discount', () => {
    const base = { textRank: 0.18, titleMatch: false, descriptionMatch: false, publishedAt: NOW };
    expect(relevanceScore(base, NOW)).toBeCloseTo(0.18, 6);
    expect(relevanceScore({ ...base, titleMatch: true, descriptionMatch: true }, NOW)).toBeCloseTo(0.18 + TITLE_BOOST + DESCRIPTION_BOOST, 6);
    expect(relevanceScore({ ...base, publishedAt: daysAgo(365.25 * 5) }, NOW)).toBeCloseTo(0.18 / 1.5, 6);
  });
});

describe('shortlist', () => {
  it('keeps only the matches that could still make the page once boosts are added', () => {
    const ranks = new Map([
      ['strong', { textRank: 1, publishedAt: NOW }],
      ['good', { textRank: 0.5, publishedAt: NOW }],
      ['boostable', { textRank: 0.25, publishedAt: NOW }],
      ['weak', { textRank: 0.1, publishedAt: NOW }],
      ['old', { textRank: 0.5, publishedAt: daysAgo(365.25 * 20) }],
    ]);
    // The second-best floor is 0.5: "boostable" can reach 0.55 with both boosts, "weak" 0.4 cannot.
    expect(shortlist(ranks, 2, NOW).sort()).toEqual(['boostable', 'good', 'strong']);
    expect(shortlist(ranks, 10, NOW)).toHaveLength(5);
  });
});

/** A query broader than RANK_ALL_CAP segments: only the newest matching videos are scored. */
describe.each(TEST_ENGINES)('relevance candidates of a broad query on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db);
    await sql`
      insert into city_videos (city_id, video_id, title, published_at)
      select ${city.id}, 'rel' || lpad(g::text, 8, '0'), 'Meeting ' || g, ${daysAgo(0)}::timestamptz - g * interval '1 day'
      from generate_series(1, 240) g`.execute(database.db);
    // Every meeting says "budget" in 175 of its 200 segments, some twice: 42,000 in all, too
    // many to rank, in too many segments to walk whole.
    await sql`
      insert into transcript_segments (city_video_id, seq, start_ms, end_ms, text)
      select v.id, s, s * 1000, s * 1000 + 900,
        case when s % 8 = 0 then 'Call the next item.' when s % 7 = 0 then 'Budget after budget.' else 'The budget line.' end
      from city_videos v, generate_series(0, 199) s`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('scores twice a page of the newest matching videos, each by its best 3 moments', async () => {
    const sample = await sampleNewest(database.db, 'budget', {});
    const want = 21;
    expect(240 * 175).toBeGreaterThan(2 * RANK_ALL_CAP);
    expect(240 * 200).toBeGreaterThan(RANK_SCOPE_SEGMENTS);
    const ranked = await rankTranscriptMatches(database.db, websearchQuery('budget'), {}, sample, want);
    expect(ranked).toMatchObject({ complete: false });
    const newest = await database.db.selectFrom('city_videos').select('id').orderBy('published_at', 'desc').limit(relevanceCandidates(want)).execute();
    expect([...ranked.ranks.keys()].sort()).toEqual(newest.map((v) => v.id).sort());
    const expected = await sql<{ rank: number }>`
      select sum(r)::float8 as rank from (
        select ts_rank(tsv, websearch_to_tsquery('english', 'budget')) as r from transcript_segments
        where city_video_id = ${newest[0]!.id} and tsv @@ websearch_to_tsquery('english', 'budget') order by r desc limit 3) best`.execute(database.db);
    expect(ranked.ranks.get(newest[0]!.id)?.textRank).toBeCloseTo(expected.rows[0]!.rank, 6);
  });
});

/** One city's meetings, more than the sample: every matching one is scored. */
describe.each(TEST_ENGINES)('relevance within one city on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db, { location_key: 'walkable-ca' });
    for (let i = 0; i < 24; i++) {
      const says: [number, string][] = [[1, 'Roll call.']];
      if (i % 3 === 0) says.push([2, i === 21 ? 'Sidewalk, sidewalk, sidewalk repairs.' : 'Sidewalk repairs.']);
      await addMeeting(database.db, city.id, { title: `Meeting ${i}`, published_at: daysAgo(i * 30), says });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it('ranks every matching meeting of the city, an older one with more to say first', async () => {
    const { results, has_more } = await searchVideos(database.db, { q: 'sidewalk', city: 'walkable-ca', sort: 'relevance' }, { now: NOW });
    expect(results.map((r) => r.title)).toEqual(['Meeting 21', 'Meeting 0', 'Meeting 3', 'Meeting 6', 'Meeting 9', 'Meeting 12', 'Meeting 15', 'Meeting 18']);
    expect(has_more).toBe(false);
  });
});
