import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { capturedLogger } from '../testing/captured-logger.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const PASSWORD = 'quiet harbour lights at noon';
const NEW_PASSWORD = 'a lantern left by the pier';

/** The session id in a response's Set-Cookie (the part of `tc.sid=s%3A<id>.<signature>` a thief would need). */
function sessionIdsOf(res: supertest.Response): string[] {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((cookie) => /^tc\.sid=s%3A([^.;]+)/.exec(cookie)?.[1])
    .filter((id): id is string => id !== undefined);
}

describe.each(TEST_ENGINES)('a debug-level log of a whole account life on %s', (engine) => {
  const log = capturedLogger();
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { app: { webDist }, logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('holds none of the secrets the user saw through sign-up, confirmation, code sign-in and password reset: passwords, links, codes, session ids, CSRF tokens, the address', async () => {
    const email = `log-${Date.now()}@example.org`;
    // The address too: the privacy page promises it is not written to logs.
    const seen = new Set<string>([PASSWORD, email]);
    const visitor: TestAgent = await t.signedOutAgent();
    seen.add(visitor.csrfToken);

    await visitor.post('/api/auth/signup').send({ email, password: PASSWORD }).expect(200);
    const confirmToken = await t.outbox.confirmTokenFor(email);
    seen.add(confirmToken);
    // The link as a mail client opens it (the page, logged at debug), the old API form of it,
    // then the page's POST.
    await visitor.agent.get(`/auth?confirm=${encodeURIComponent(confirmToken)}`).expect(200);
    await visitor.agent.get(`/api/auth/confirm?token=${encodeURIComponent(confirmToken)}`).expect(303);
    await visitor.post('/api/auth/confirm').send({ token: confirmToken }).expect(200);

    const signedIn = await visitor.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    for (const id of sessionIdsOf(signedIn)) seen.add(id);
    seen.add(signedIn.body.csrfToken as string);
    visitor.csrfToken = signedIn.body.csrfToken as string;
    await visitor.post('/api/auth/logout').expect(204);
    await visitor.refreshCsrf();
    seen.add(visitor.csrfToken);

    await visitor.post('/api/auth/otp').send({ email, mode: 'login' }).expect(202);
    const code = await t.outbox.codeFor(email);
    seen.add(code);
    // A wrong code first: failures are logged too.
    await visitor.post('/api/auth/otp/verify').send({ email, token: code === '000000' ? '111111' : '000000' }).expect(401);
    const verified = await visitor.post('/api/auth/otp/verify').send({ email, token: code }).expect(200);
    for (const id of sessionIdsOf(verified)) seen.add(id);
    seen.add(verified.body.csrfToken as string);
    visitor.csrfToken = verified.body.csrfToken as string;

    // Forgot the password: the mailed link opened as a page, then the new password sent.
    await visitor.post('/api/auth/recover').send({ email }).expect(202);
    const resetToken = await t.outbox.resetTokenFor(email);
    seen.add(resetToken);
    seen.add(NEW_PASSWORD);
    await visitor.agent.get(`/auth?reset=${encodeURIComponent(resetToken)}`).expect(200);
    await visitor.post('/api/auth/reset').send({ token: resetToken, password: NEW_PASSWORD }).expect(200);
    await visitor.refreshCsrf();
    seen.add(visitor.csrfToken);
    const again = await visitor.post('/api/auth/login').send({ email, password: NEW_PASSWORD }).expect(200);
    for (const id of sessionIdsOf(again)) seen.add(id);

    const text = log.text();
    // The capture saw the whole flow at debug level, the page visit included.
    expect(text).toContain('"level":20');
    expect(text).toContain('/auth?confirm=[redacted]');
    expect(text).toContain('/api/auth/confirm?token=[redacted]');
    expect(text).toContain('/api/auth/otp/verify');
    expect(text).toContain('/auth?reset=[redacted]');
    expect(text).toContain('/api/auth/reset');
    expect(seen.size).toBeGreaterThanOrEqual(8);
    for (const secret of seen) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(text, `the log holds a secret the user saw (${secret.slice(0, 3)}…)`).not.toContain(secret);
    }
  });
});
