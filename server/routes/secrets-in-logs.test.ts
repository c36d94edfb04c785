import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const PASSWORD = 'quiet harbour lights at noon';

/** Every line the app and core log at debug level, as one text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { logger: createLogger({ level: 'debug', destination: stream }), text: () => lines.join('') };
}

/** The session id in a response's Set-Cookie (the part of `tc.sid=s%3A<id>.<signature>` a thief would need). */
function sessionIdsOf(res: supertest.Response): string[] {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((cookie) => /^tc\.sid=s%3A([^.;]+)/.exec(cookie)?.[1])
    .filter((id): id is string => id !== undefined);
}

describe.each(TEST_ENGINES)('a debug-level log of a whole account life on %s', (engine) => {
  const log = captureLog();
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

  it('holds none of the secrets the user saw: passwords, links, codes, session ids, CSRF tokens, the address', async () => {
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

    const text = log.text();
    // The capture saw the whole flow at debug level, the page visit included.
    expect(text).toContain('"level":20');
    expect(text).toContain('/auth?confirm=[redacted]');
    expect(text).toContain('/api/auth/confirm?token=[redacted]');
    expect(text).toContain('/api/auth/otp/verify');
    expect(seen.size).toBeGreaterThanOrEqual(8);
    for (const secret of seen) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(text, `the log holds a secret the user saw (${secret.slice(0, 3)}…)`).not.toContain(secret);
    }
  });
});
