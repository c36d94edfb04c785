import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { EVENT_LIMITS, readEvent } from './event-input.js';

describe('readEvent', () => {
  it('keeps the name, flat properties and the bare path', () => {
    expect(readEvent({ name: 'search_initiated', properties: { query: 'budget', results: 3, empty: false, tab: null }, path: '/admin/proto/frontend-components?q=x#top' })).toEqual({
      name: 'search_initiated',
      properties: { query: 'budget', results: 3, empty: false, tab: null },
      path: '/admin/proto/frontend-components',
    });
    expect(readEvent({ name: 'entity_filter_click' })).toEqual({ name: 'entity_filter_click', properties: {}, path: null });
  });

  it('refuses bad names, nested or oversized properties and odd paths', () => {
    for (const name of ['', 'Search', '1st', 'has space', 'a'.repeat(65), 42]) expect(() => readEvent({ name })).toThrow(/snake_case/);
    expect(() => readEvent({ name: 'x', properties: [] })).toThrow(/object/);
    expect(() => readEvent({ name: 'x', properties: { nested: { a: 1 } } })).toThrow(/string, number, boolean or null/);
    expect(() => readEvent({ name: 'x', properties: { long: 'y'.repeat(EVENT_LIMITS.stringValueLength + 1) } })).toThrow(/longer/);
    const many = Object.fromEntries(Array.from({ length: EVENT_LIMITS.properties + 1 }, (_, i) => [`k${i}`, i]));
    expect(() => readEvent({ name: 'x', properties: many })).toThrow(/At most/);
    expect(() => readEvent({ name: 'x', properties: { 'bad key': 1 } })).toThrow(/property name/);
    expect(() => readEvent({ name: 'x', path: 'https://elsewhere.example/' })).toThrow(/start with/);
  });
});

describe.each(TEST_ENGINES)('analytics service on %s', (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await createTestCore(engine);
  });
  afterAll(async () => {
    await core.close();
  });

  it('stores events and deletes those older than the retention', async () => {
    await core.analytics.recordEvent({ name: 'search_result_click', properties: { position: 2 }, path: '/search' });
    await testDb(core).insertInto('analytics_events').values({ name: 'old_event', created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).execute();
    expect(await core.analytics.deleteEventsOlderThan(30)).toBe(1);
    const rows = await testDb(core).selectFrom('analytics_events').select(['name', 'properties', 'path']).execute();
    expect(rows).toEqual([{ name: 'search_result_click', properties: { position: 2 }, path: '/search' }]);
    await expect(core.analytics.deleteEventsOlderThan(-1)).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
