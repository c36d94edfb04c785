import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { searchConnections, searchVideos } from './search-service.js';
import { addMeeting, daysAgo } from '../testing/search-meetings.js';

const LINES = [
  'Good morning and welcome to the council meeting.',
  'The zoning variance for the Elm Street parcel is approved.',
  'Public comment on the stormwater fee <b>increase</b> & the "parks" levy.',
  'We will hear from the navigation team about shelter referrals.',
  'Thank you, councilmember, for the budget amendment.',
  'The motion passes five to two.',
];

const QUERIES = ['zoning', 'council', '"navigation team"', 'shelter -stormwater', 'parks or levy', 'budget amendment', 'elm', 'the', 'Meeting 1'];

/** Fixed ids, so both engines hold the very same rows. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function seed(database: Database): Promise<void> {
  for (let c = 0; c < 2; c++) {
    const city = await buildCity(database.db, { id: uuid(900 + c), name: `City ${c}`, location_key: `city-${c}-ca`, domain: `c${c}.example.gov` });
    for (let m = 0; m < 25; m++) {
      const n = c * 100 + m;
      const says = Array.from({ length: 12 }, (_, s): [number, string] => [s * 9 + m, LINES[(n * 7 + s * 3) % LINES.length]!]);
      await addMeeting(database.db, city.id, { id: uuid(n), video_id: `vid${String(n).padStart(8, '0')}`, title: `Meeting ${n}`, published_at: m === 24 ? null : daysAgo((n * 37) % 400), says });
    }
  }
}

/**
 * "Works on PGlite and PostgreSQL with the same queries and the same results": PostgreSQL
 * both in a transaction that sets the search settings and on the search pool whose
 * connections start with them (what the server and the CLI use).
 */
describe.skipIf(TEST_ENGINES.length < 2)('search on PGlite and PostgreSQL', () => {
  const databases: Database[] = [];
  let searchPool: Kysely<DB>;
  beforeAll(async () => {
    for (const engine of TEST_ENGINES) {
      const database = await createTestDatabase(engine);
      databases.push(database);
      await seed(database);
    }
    searchPool = searchConnections(databases[1]!);
    expect(searchPool).not.toBe(databases[1]!.db);
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
  });

  it.each(QUERIES)('gives the same results for %s', async (q) => {
    for (const sort of ['date', 'relevance'] as const) {
      for (const city of [undefined, 'city-1-ca']) {
        const request = { q, sort, limit: 20, ...(city ? { city } : {}) };
        const [pglite, postgres, pooled] = await Promise.all(
          [...databases.map((database) => database.db), searchPool].map((db) => searchVideos(db, request, { now: daysAgo(0) })),
        );
        expect(postgres).toEqual(pglite);
        expect(pooled).toEqual(pglite);
        if (q !== 'the' && !city) expect(pglite?.count).toBeGreaterThan(0);
      }
    }
  });
});
