import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.js';

describe.each(TEST_ENGINES)('profile routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a signed-in user (401)', async () => {
    const visitor = await t.signedOutAgent();
    for (const res of [await visitor.get('/api/profile'), await visitor.patch('/api/profile').send({ home_city_key: 'x' }), await visitor.delete('/api/profile')]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } });
    }
  });

  it('shows the profile with the role', async () => {
    const member = await t.memberAgent();
    const res = await member.get('/api/profile').expect(200);
    expect(res.body).toEqual({ id: member.user!.id, username: null, home_city_key: null, preferences: {}, role: 'member' });
  });

  it('changes the home city to an existing one, merging preferences', async () => {
    const city = await buildCity(t.db);
    const member = await t.memberAgent();
    await t.db.updateTable('profiles').set({ preferences: JSON.stringify({ theme: 'dark' }) }).where('id', '=', member.user!.id).execute();
    const res = await member.patch('/api/profile').send({ home_city_key: city.location_key }).expect(200);
    expect(res.body).toMatchObject({ home_city_key: city.location_key, preferences: { theme: 'dark', home_city_id: city.id } });
    const unknown = await member.patch('/api/profile').send({ home_city_key: 'atlantis-zz' }).expect(400);
    expect(unknown.body.error.message).toBe('Unknown city "atlantis-zz"');
    const empty = await member.patch('/api/profile').send({ home_city_key: '' }).expect(400);
    expect(empty.body.error.message).toBe('Please select a city');
    await member.patch('/api/profile').send({ home_city_key: city.location_key, role: 'admin' }).expect(400);
  });

  it('refuses a home city being set up (New, Test) as unknown, and takes an archived one (issue 25)', async () => {
    const member = await t.memberAgent();
    const testing = await buildCity(t.db, { status: 'Test' });
    const res = await member.patch('/api/profile').send({ home_city_key: testing.location_key }).expect(400);
    expect(res.body.error.message).toBe(`Unknown city "${testing.location_key}"`);
    const archived = await buildCity(t.db, { status: 'Archive' });
    await member.patch('/api/profile').send({ home_city_key: archived.location_key }).expect(200);
  });

  it('deletes the account, its profile, roles and sessions, and signs out', async () => {
    const admin = await t.adminAgent();
    const id = admin.user!.id;
    await admin.delete('/api/profile').expect(204);
    await admin.agent.get('/api/profile').expect(401);
    const { db } = t;
    expect(await db.selectFrom('users').where('id', '=', id).select('id').execute()).toEqual([]);
    expect(await db.selectFrom('profiles').where('id', '=', id).select('id').execute()).toEqual([]);
    expect(await db.selectFrom('user_roles').where('user_id', '=', id).select('role').execute()).toEqual([]);
    expect(await db.selectFrom('sessions').where('user_id', '=', id).select('sid').execute()).toEqual([]);
    const again = await t.signedOutAgent();
    await again.post('/api/auth/login').send({ email: admin.user!.email, password: TEST_PASSWORD }).expect(401);
  });

  it('deletes the contact messages, city requests and error reports sent from its address, and only those', async () => {
    const member = await t.memberAgent();
    const email = member.user!.email;
    // Sent while signed out, with the address typed in another case.
    const visitor = await t.signedOutAgent();
    await visitor.post('/api/contact').send({ email: ` ${email.toUpperCase()} `, topic: 'Feedback', message: 'Hello' }).expect(201);
    await visitor.post('/api/city-requests').send({ state: 'Ohio', city_name: 'Dayton', email }).expect(201);
    await visitor.post('/api/contact').send({ email: 'someone-else@example.org', topic: 'Feedback', message: 'Hi' }).expect(201);
    const city = await buildCity(t.db);
    const video = await buildVideo(t.db, city.id);
    await visitor.post(`/api/videos/${video.id}/error-reports`).send({ message: 'Wrong vote', email: email.toUpperCase() }).expect(201);
    await visitor.post(`/api/videos/${video.id}/error-reports`).send({ message: 'Wrong name' }).expect(201);
    await member.delete('/api/profile').expect(204);
    const { db } = t;
    expect(await db.selectFrom('contact_submissions').select('email').execute()).toEqual([{ email: 'someone-else@example.org' }]);
    expect(await db.selectFrom('city_request').select('email').where('email', '=', email).execute()).toEqual([]);
    expect(await db.selectFrom('error_reports').select(['message', 'email']).execute()).toEqual([{ message: 'Wrong name', email: null }]);
  });

  it("signs out the account's other sessions when it is deleted", async () => {
    const first = await t.memberAgent();
    const second = await t.signedOutAgent();
    await second.signIn(first.user!);
    await first.delete('/api/profile').expect(204);
    const session = await second.get('/api/auth/session').expect(200);
    expect(session.body.user).toBeNull();
  });
});
