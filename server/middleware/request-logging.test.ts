import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { levelOf, maskUrl, requestLogging } from './request-logging.js';

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

  it('logs failures as errors and pages as debug, with a fresh id when the given one is not sane', async () => {
    const lines: { level: number; req: { id: string; url: string }; res: { statusCode: number }; responseTime: number }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        callback();
      },
    });
    const app = express();
    app.use(requestLogging(pino({ level: 'debug' }, stream)));
    app.get('/api/broken', (_req, res) => {
      res.status(500).json({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    });
    app.get('/about', (_req, res) => {
      res.send('<p>about</p>');
    });
    const broken = await supertest(app).get('/api/broken').set('X-Request-Id', 'not sane; id').expect(500);
    await supertest(app).get('/about').expect(200);
    expect(broken.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => [line.level, line.req.url, line.res.statusCode])).toEqual([
      [50, '/api/broken', 500],
      [20, '/about', 200],
    ]);
    expect(lines[0]?.req.id).toBe(broken.headers['x-request-id']);
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('keeps reads that worked at debug, and writes, refusals and failures where an operator sees them at info', () => {
    const at = (method: string, url: string, status: number) => levelOf({ method, originalUrl: url }, status);
    expect(at('GET', '/api/cities/fairview-ca', 200)).toBe('debug');
    expect(at('GET', '/api/videos/v1', 304)).toBe('debug');
    expect(at('HEAD', '/api/cities', 200)).toBe('debug');
    expect(at('GET', '/assets/index.js', 200)).toBe('debug');
    expect(at('GET', '/api/videos/missing', 404)).toBe('info');
    expect(at('POST', '/api/auth/login', 200)).toBe('info');
    expect(at('DELETE', '/api/admin/videos/v1', 204)).toBe('info');
    expect(at('GET', '/api/cities', 500)).toBe('error');
    expect(at('GET', '/city/x', 503)).toBe('error');
  });

  it('writes no line at info for a visit that only reads', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = express();
    app.use(requestLogging(pino({ level: 'info' }, stream)));
    app.get('/api/cities', (_req, res) => {
      res.json([]);
    });
    app.get('/', (_req, res) => {
      res.send('<p>home</p>');
    });
    app.post('/api/error-reports', (_req, res) => {
      res.status(201).json({ ok: true });
    });
    await supertest(app).get('/').expect(200);
    await supertest(app).get('/api/cities').expect(200);
    expect(lines).toEqual([]);
    await supertest(app).post('/api/error-reports').expect(201);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"url":"/api/error-reports"');
  });

  it('masks secrets in query strings', () => {
    expect(maskUrl('/api/auth/confirm?token=abc&x=1')).toBe('/api/auth/confirm?token=[redacted]&x=1');
    expect(maskUrl('/api/cities')).toBe('/api/cities');
  });
});
