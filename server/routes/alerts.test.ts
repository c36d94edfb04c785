import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City } from '../../core/index.js';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const parser = new XMLParser({ ignoreAttributes: false });

describe.each(TEST_ENGINES)('saved search and alert routes on %s', (engine) => {
  let t: TestApp;
  let city: City;
  beforeAll(async () => {
    t = await createTestApp(engine);
    city = await buildCity(t.db, { name: 'Riverton', location_key: 'riverton-zz' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a signed-in member with a CSRF token', async () => {
    const visitor = await t.signedOutAgent();
    expect((await visitor.get('/api/profile/alerts')).status).toBe(401);
    expect((await visitor.post('/api/profile/alerts').send({ query: 'footbridge' })).status).toBe(401);
    const member = await t.memberAgent();
    const res = await member.agent.post('/api/profile/alerts').send({ query: 'footbridge' });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('saved_searches').selectAll().execute()).toEqual([]);
  });

  it('saves, lists, pauses, changes and deletes a saved search', async () => {
    const member = await t.memberAgent();
    const saved = await member.post('/api/profile/alerts').send({ query: 'footbridge', cities: [city.location_key], frequency: 'daily' }).expect(201);
    expect(saved.body).toMatchObject({ query: 'footbridge', frequency: 'daily', paused: false, cities: [{ location_key: city.location_key, name: 'Riverton' }] });
    expect(saved.body.feed_url).toMatch(/\/feeds\/search\/[\w-]{43}\.atom$/);
    expect(saved.body).not.toHaveProperty('unsubscribe_token');
    const listed = await member.get('/api/profile/alerts').expect(200);
    expect(listed.body.alerts).toEqual([saved.body]);
    const paused = await member.patch(`/api/profile/alerts/${saved.body.id}`).send({ paused: true, frequency: 'weekly' }).expect(200);
    expect(paused.body).toMatchObject({ paused: true, frequency: 'weekly' });
    // Another member can neither see nor touch it.
    const other = await t.memberAgent();
    expect((await other.get('/api/profile/alerts')).body.alerts).toEqual([]);
    expect((await other.delete(`/api/profile/alerts/${saved.body.id}`)).status).toBe(404);
    await member.delete(`/api/profile/alerts/${saved.body.id}`).expect(204);
    expect((await member.get('/api/profile/alerts')).body.alerts).toEqual([]);
  });

  it('refuses bad input with a 400 and the reason, saving nothing', async () => {
    const member = await t.memberAgent();
    const cases: Array<[unknown, string]> = [
      [{ query: '' }, 'Please enter a search to save'],
      [{}, 'Please enter a search to save'],
      [{ query: 'the and of' }, 'The search needs a word to look for (not only common words or -exclusions)'],
      [{ query: '-parking' }, 'The search needs a word to look for (not only common words or -exclusions)'],
      [{ query: 'x'.repeat(501) }, 'The search query is too long: at most 500 characters'],
      [{ query: 'bridge', frequency: 'hourly' }, 'frequency must be immediate, daily or weekly'],
      [{ query: 'bridge', cities: ['atlantis-zz'] }, 'City not found: atlantis-zz'],
      [{ query: 'bridge', cities: ['Not A Key'] }, 'cities must be location keys such as fairview-ca'],
      [{ query: 'bridge', role: 'admin' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await member.post('/api/profile/alerts').send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const hidden = await buildCity(t.db, { status: 'Test' });
    expect((await member.post('/api/profile/alerts').send({ query: 'bridge', cities: [hidden.location_key] })).status).toBe(400);
    expect((await member.patch('/api/profile/alerts/not-an-id').send({ paused: true })).status).toBe(400);
    expect((await member.get('/api/profile/alerts')).body.alerts).toEqual([]);
  });

  it('unsubscribes signed out by POST only (one-click form body or the page button); GET just describes', async () => {
    const member = await t.memberAgent();
    const saved = await member.post('/api/profile/alerts').send({ query: 'crosswalk' }).expect(201);
    const { unsubscribe_token: token } = await t.db.selectFrom('saved_searches').select('unsubscribe_token').where('id', '=', saved.body.id).executeTakeFirstOrThrow();
    const visitor = await t.signedOutAgent();
    expect((await visitor.agent.get(`/api/alerts/unsubscribe/${token}`).expect(200)).body).toEqual({ query: 'crosswalk', paused: false });
    await visitor.agent.post(`/api/alerts/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await member.get('/api/profile/alerts')).body.alerts[0].paused).toBe(true);
    expect((await visitor.agent.post('/api/alerts/unsubscribe/short')).status).toBe(400);
    expect((await visitor.agent.post(`/api/alerts/unsubscribe/${'a'.repeat(43)}`)).body.error.message).toBe('This unsubscribe link is not valid');
  });

  it('serves the private feed at its token address, and a regenerated token revokes the old one', async () => {
    const member = await t.memberAgent();
    await addMeeting(t.db, city.id, { title: 'Bridge night', analysis_results: JSON.stringify({ summary: 'About the span.', highlights: [], action_items: [], entities: [] }), says: [[3, 'The footbridge reopens.']] });
    const saved = await member.post('/api/profile/alerts').send({ query: 'footbridge', cities: [city.location_key] }).expect(201);
    const feedPath = new URL(saved.body.feed_url as string).pathname;
    const res = await t.signedOutAgent().then((visitor) => visitor.agent.get(feedPath).expect(200));
    expect(res.headers['content-type']).toMatch(/application\/atom\+xml/);
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    type Text = string | { '#text': string };
    const read = (value: Text) => (typeof value === 'string' ? value : value['#text']);
    const feed = (parser.parse(res.text) as { feed: { title: Text; entry: { title: Text } | Array<{ title: Text }> } }).feed;
    expect(read(feed.title)).toContain('"footbridge"');
    expect([feed.entry].flat().map((entry) => read(entry.title))).toEqual(['Bridge night']);
    const regenerated = await member.post(`/api/profile/alerts/${saved.body.id}/feed-token`).expect(200);
    expect(regenerated.body.feed_url).not.toBe(saved.body.feed_url);
    expect((await (await t.signedOutAgent()).agent.get(feedPath)).status).toBe(404);
  });

  it('deletes the saved searches, their term index and deliveries with the account', async () => {
    const member = await t.memberAgent();
    const saved = await member.post('/api/profile/alerts').send({ query: 'levee' }).expect(201);
    await member.delete('/api/profile').expect(204);
    const { db } = t;
    expect(await db.selectFrom('saved_searches').where('id', '=', saved.body.id).select('id').execute()).toEqual([]);
    expect(await db.selectFrom('saved_search_terms').where('saved_search_id', '=', saved.body.id).select('lexeme').execute()).toEqual([]);
  });
});
