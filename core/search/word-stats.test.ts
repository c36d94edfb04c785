import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { addMeeting, daysAgo, sampleNewest } from '../testing/search-meetings.js';
import { commonLexemes } from './word-stats.js';

describe.each(TEST_ENGINES)('common lexemes on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const city = await buildCity(database.db);
    for (let i = 0; i < 20; i++) await addMeeting(database.db, city.id, { published_at: daysAgo(i), says: [[1, 'Roll call.']] });
    // 3,000 segments say "budget"; five say "Zaragoza".
    await sql`
      insert into transcript_segments (city_video_id, seq, start_ms, end_ms, text)
      select v.id, g, g * 1000, g * 1000 + 500, case when g % 600 = 0 then 'Thank you, Councilmember Zaragoza.' else 'The budget.' end
      from (select id from city_videos order by published_at desc limit 1) v, generate_series(1, 3000) g`.execute(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('knows none before ANALYZE, then the words in over 1,000 segments', async () => {
    // PostgreSQL's autovacuum may have analyzed the table already; PGlite has none.
    if (engine === 'pglite') expect(await commonLexemes(database.db)).toBeNull();
    await sql`analyze transcript_segments`.execute(database.db);
    // Kept for a few minutes: a later clock reads the statistics again.
    const common = await commonLexemes(database.db, Date.now() + 10 * 60_000);
    expect(common).toContain('budget');
    expect(common).not.toContain('zaragoza');
  });

  it.each([
    ['zaragoza', true],
    ['budget', false],
    ['budget zaragoza', true],
    ['"budget zaragoza"', true],
    ['budget or zaragoza', false],
  ])('samples %s unless it is rare (%s)', async (q, rare) => {
    const common = await commonLexemes(database.db, Date.now() + 20 * 60_000);
    const sample = await sampleNewest(database.db, q, {}, common);
    expect(sample.rare).toBe(rare);
    expect(sample.videos.length).toBe(rare ? 0 : 16);
  });
});
