import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { maskUrl, requestLogging } from './request-logging.js';

describe('request logging', () => {
  it('logs method, masked URL, status and request id, never cookies, tokens or bodies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = express();
    app.use(requestLogging(pino({ level: 'debug' }, stream)));
    app.use(express.json());
    const router = express.Router();
    router.post('/login', (_req, res) => {
      res.cookie('tc.sid', 'session-secret-value').json({ ok: true });
    });
    app.use('/api/auth', router);
    const res = await supertest(app)
      .post('/api/auth/login?token=abc123')
      .set('Cookie', 'tc.sid=cookie-secret-value')
      .set('X-CSRF-Token', 'csrf-secret-value')
      .set('X-Request-Id', 'req-42')
      .send({ email: 'ada@example.org', password: 'hunter2-secret', token: '654321' })
      .expect(200);
    expect(res.headers['x-request-id']).toBe('req-42');
    const log = lines.join('');
    expect(log).toContain('"id":"req-42"');
    expect(log).toContain('/api/auth/login?token=[redacted]');
    expect(log).toContain('"level":30');
    for (const secret of ['cookie-secret-value', 'session-secret-value', 'csrf-secret-value', 'hunter2', '654321', 'abc123']) {
      expect(log).not.toContain(secret);
    }
  });

  it('masks secrets in query strings', () => {
    expect(maskUrl('/api/auth/confirm?token=abc&x=1')).toBe('/api/auth/confirm?token=[redacted]&x=1');
    expect(maskUrl('/api/cities')).toBe('/api/cities');
  });
});
