import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { City } from '../db/schema.js';
import { buildCity } from '../testing/builders.js';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import { recencyFactor } from './relevance.js';
import { searchVideos } from './search-service.js';
import { addMeeting, daysAgo } from '../testing/search-meetings.js';

const NOW = daysAgo(0);

describe.each(TEST_ENGINES)('search hits and relevance on %s', (engine) => {
  let database: Database;
  let city: City;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    city = await buildCity(database.db, { location_key: 'hits-ca' });
    const { db } = database;
    await addMeeting(db, city.id, {
      title: 'Budget workshop',
      published_at: daysAgo(400),
      says: [[10, 'The library budget.'], [20, 'Budget, budget and more budget talk.'], [30, 'Parks budget.'], [40, 'Police budget.'], [50, 'Fire budget.']],
    });
    await addMeeting(db, city.id, {
      title: 'Regular meeting',
      published_at: daysAgo(5),
      says: [[7, 'One budget question.']],
    });
    await addMeeting(db, city.id, {
      title: 'Script night',
      published_at: daysAgo(1),
      says: [
        [1, '<script>alert(1)</script> zoning & "quotes"'],
        [2, 'Fake <mark>marks</mark> and zoning <b>bold</b>'],
      ],
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives up to 3 hits, best first, and equally good ones in time order', async () => {
    const { results } = await searchVideos(database.db, { q: 'budget', city: 'hits-ca' });
    const workshop = results.find((r) => r.title === 'Budget workshop');
    // The segment saying it three times ranks first; the rest tie and come in time order.
    expect(workshop?.hits.map((h) => h.start_ms)).toEqual([20_000, 10_000, 30_000]);
    expect(workshop?.hits[0]?.highlighted).toBe('<mark>Budget</mark>, <mark>budget</mark> and more <mark>budget</mark> talk.');
  });

  it('escapes transcript text before marking matches, so markup stays text', async () => {
    const { results } = await searchVideos(database.db, { q: 'zoning' });
    expect(results.map((r) => r.title)).toEqual(['Script night']);
    const [first, second] = results[0]?.hits ?? [];
    expect(first?.text).toBe('<script>alert(1)</script> zoning & "quotes"');
    expect(first?.highlighted).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>zoning</mark> &amp; &quot;quotes&quot;');
    // Mark tags stored in a transcript cannot fake a highlight.
    expect(second?.highlighted).toBe('Fake &lt;mark&gt;marks&lt;/mark&gt; and <mark>zoning</mark> &lt;b&gt;bold&lt;/b&gt;');
    for (const hit of results[0]?.hits ?? []) {
      expect(hit.highlighted.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"]/);
    }
  });

  it('marks a word between escaped quotes without breaking the entities', async () => {
    const { results } = await searchVideos(database.db, { q: 'quotes' });
    expect(results[0]?.hits[0]?.highlighted).toBe('&lt;script&gt;alert(1)&lt;/script&gt; zoning &amp; &quot;<mark>quotes</mark>&quot;');
  });

  it('orders by relevance: text rank and title, gently discounted by age', async () => {
    const { results } = await searchVideos(database.db, { q: 'budget', sort: 'relevance' }, { now: NOW });
    expect(results.map((r) => r.title)).toEqual(['Budget workshop', 'Regular meeting']);
    const [workshop, regular] = results;
    expect(workshop?.rank).toBeGreaterThan(regular?.rank ?? Infinity);
    // The best 3 of its 5 moments plus the title boost, times a year and a month of age.
    expect(workshop?.rank).toBeGreaterThan((3 * 0.0607 + 0.2) * recencyFactor(daysAgo(400), NOW));
    // One moment (ts_rank 0.0608 for one occurrence of one word), five days old.
    expect(regular?.rank).toBeCloseTo(0.0608 * recencyFactor(daysAgo(5), NOW), 4);
  });

  it('lets recency decide between equal text matches', async () => {
    const other = await buildCity(database.db, { location_key: 'recency-ca' });
    await addMeeting(database.db, other.id, { title: 'Old', published_at: daysAgo(3000), says: [[1, 'Sidewalk repairs.']] });
    await addMeeting(database.db, other.id, { title: 'New', published_at: daysAgo(3), says: [[1, 'Sidewalk repairs.']] });
    await addMeeting(database.db, other.id, { title: 'Undated', published_at: null, says: [[1, 'Sidewalk repairs.']] });
    const { results } = await searchVideos(database.db, { q: 'sidewalk', city: 'recency-ca', sort: 'relevance' }, { now: NOW });
    // An undated meeting counts as ten years old, after one of eight years.
    expect(results.map((r) => r.title)).toEqual(['New', 'Old', 'Undated']);
  });
});
