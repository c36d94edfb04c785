import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

describe('app', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Town Crier</title><div id="root"></div>');
    await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp('pglite', { app: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('serves the web app, its assets and its client-side routes', async () => {
    const home = await supertest(t.app).get('/').expect(200);
    expect(home.text).toContain('<div id="root">');
    const deep = await supertest(t.app).get('/admin/city-management').expect(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.text).toContain('<div id="root">');
    await supertest(t.app).get('/assets/app.js').expect(200).expect('Content-Type', /javascript/);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await supertest(t.app).get('/api/nope/deeper').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('sends security headers with a CSP for the YouTube and map embeds', async () => {
    const res = await supertest(t.app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://www.youtube.com/iframe_api https://www.youtube.com/s/player/;");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://maps.google.com https://www.google.com/maps/;');
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('sets httpOnly SameSite=Lax cookies and no-store on the API', async () => {
    // A visitor gets the CSRF cookies only (no stored session); a signed-in user the session
    // too, and the device cookie that exempts this browser from the account's password throttle.
    const user = await t.createUser();
    const agent = supertest.agent(t.app);
    const visit = await agent.get('/api/auth/session').expect(200);
    const login = await agent.post('/api/auth/login').set('X-CSRF-Token', visit.body.csrfToken as string).send({ email: user.email, password: user.password }).expect(200);
    const cookies = [visit, login].flatMap((res) => ([] as string[]).concat(res.headers['set-cookie'] ?? []));
    expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['tc.csrf', 'tc.csrf', 'tc.device', 'tc.sid', 'tc.visitor']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
    }
    expect(visit.headers['cache-control']).toBe('no-store');
  });

  it('without a web build, other paths are JSON 404s', async () => {
    const app = createApp(t.core, {});
    await supertest(app).get('/city/x').expect(404);
  });

  it('refuses to start in production without SESSION_SECRET', () => {
    const core = { ...t.core, config: { ...t.core.config, env: 'production' as const, sessionSecret: undefined } };
    expect(() => createApp(core)).toThrow(/SESSION_SECRET is required in production/);
    const short = { ...core, config: { ...core.config, sessionSecret: 'short' } };
    expect(() => createApp(short)).toThrow(/too short/);
  });

  it('marks cookies Secure in production', async () => {
    const core = { ...t.core, config: { ...t.core.config, env: 'production' as const, sessionSecret: 'x'.repeat(40) } };
    const res = await supertest(createApp(core, { trustProxy: true })).get('/api/auth/session').set('X-Forwarded-Proto', 'https').expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('marks cookies Secure and sends HSTS outside production when PUBLIC_URL is https, trusting a proxy on this host', async () => {
    const core = { ...t.core, config: { ...t.core.config, env: 'development' as const, publicUrl: 'https://crier.example.org' } };
    // supertest connects from 127.0.0.1: the loopback proxy that TLS ends at by default.
    const res = await supertest(createApp(core)).get('/api/auth/session').set('X-Forwarded-Proto', 'https').expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    // A visitor gets no session, only the CSRF pair (privacy page: nothing stored for visitors).
    expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['tc.csrf', 'tc.visitor']);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('sends neither Secure cookies nor HSTS for an http PUBLIC_URL outside production', async () => {
    const core = { ...t.core, config: { ...t.core.config, env: 'development' as const, publicUrl: 'http://localhost:3000' } };
    const res = await supertest(createApp(core)).get('/api/auth/session').expect(200);
    for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) expect(cookie).not.toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('takes TRUST_PROXY from the configuration: an untrusted hop cannot claim https', async () => {
    const core = { ...t.core, config: { ...t.core.config, env: 'development' as const, publicUrl: 'https://crier.example.org', trustProxy: '10.0.0.0/8' } };
    // The request comes from 127.0.0.1, not from 10/8: X-Forwarded-Proto is ignored, and
    // express-session sets no Secure session cookie on what it knows is plain http.
    const app = createApp(core);
    expect(app.get('trust proxy')).toBe('10.0.0.0/8');
    const res = await supertest(app).get('/api/auth/session').set('X-Forwarded-Proto', 'https').expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith('tc.sid='))).toBe(false);
  });
});
