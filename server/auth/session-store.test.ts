import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionService } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createApp } from '../app.js';
import { capturedLogger } from '../testing/captured-logger.js';
import { createTestApp, signInForHeaders, type TestApp } from '../testing/test-app.js';

describe.each(TEST_ENGINES)('session store failures in logs on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The app over the same core, with its sessions service changed and its logs captured. */
  function appWith(sessions: Partial<SessionService>) {
    const { logger, text } = capturedLogger();
    const app = createApp({ ...t.core, logger, sessions: { ...t.core.sessions, ...sessions } });
    return { app, text };
  }

  it('a failed save is logged with a prefix of the session id, without its contents', async () => {
    const saved: string[] = [];
    // A real database refusal: jsonb cannot hold NUL, and the driver's error carries the query's
    // parameters (the session id and the session itself, on PGlite).
    const { app, text } = appWith({
      set: (sid, sess, expiresAt, userId) => {
        saved.push(sid);
        return t.core.sessions.set(sid, { ...sess, note: 'private note\u0000' }, expiresAt, userId);
      },
    });
    // A visitor's session is never stored; a sign-in is, before it answers (so the sign-in fails).
    const user = await t.createUser();
    await signInForHeaders(app, { email: user.email, password: user.password }).catch(() => undefined);
    const sid = saved.at(-1);
    expect(sid).toEqual(expect.any(String));
    await vi.waitFor(() => expect(text()).toContain(`Session ${sid!.slice(0, 6)}… could not be saved`));
    const log = text();
    expect(log).toContain('request failed');
    expect(log).toMatch(/"code":"22P05"/);
    for (const secret of [sid!, 'private note', 'csrfBound', 'insert into']) expect(log).not.toContain(secret);
  });

  it('a failed touch is logged without the session id or the query', async () => {
    const touched: string[] = [];
    const { app, text } = appWith({
      touch: (sid) => {
        touched.push(sid);
        return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL', query: 'update sessions', params: [sid] }));
      },
    });
    const user = await t.createUser();
    const { cookie } = await signInForHeaders(app, { email: user.email, password: user.password });
    await supertest(app).get('/api/profile').set('Cookie', cookie).expect(200);
    expect(touched).toHaveLength(1);
    const log = text();
    expect(log).toContain('session touch failed');
    expect(log).toContain(`"session":"${touched[0]!.slice(0, 6)}…"`);
    expect(log).toMatch(/"code":"57P01"/);
    expect(log).not.toContain(touched[0]!);
    expect(log).not.toContain('update sessions');
  });
});
