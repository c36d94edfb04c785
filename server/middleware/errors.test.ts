import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, createSilentLogger } from '../../core/index.js';
import { errorHandler } from './errors.js';
import { requestLogging } from './request-logging.js';
import { parseRequest, validate, validated } from './validate.js';

function appThrowing(error: unknown) {
  const app = express();
  const logger = createSilentLogger();
  app.use(requestLogging(logger));
  app.use(express.json({ limit: '1kb' }));
  app.post('/echo', (req, res) => {
    res.json(parseRequest(z.object({ name: z.string().min(1, 'Name is required') }), req));
  });
  app.post('/middleware', validate(z.object({ n: z.coerce.number() })), (req, res) => {
    res.json({ body: req.body as unknown, stored: validated(res, z.object({ n: z.number() })) });
  });
  app.get('/query', (req, res) => {
    res.json(parseRequest(z.object({ limit: z.coerce.number().int().max(50) }), req, 'query'));
  });
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return app;
}

describe('errorHandler', () => {
  it('hides the internals of an unexpected error behind a 500 with the request id', async () => {
    const res = await supertest(appThrowing(new Error('password=hunter2 at db.ts:42'))).get('/boom').expect(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong', request_id: res.headers['x-request-id'] } });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('answers AppErrors with their status and message', async () => {
    const cases: [AppError, number][] = [
      [new AppError('BAD_INPUT', 'nope'), 400],
      [new AppError('UNAUTHENTICATED', 'nope'), 401],
      [new AppError('FORBIDDEN', 'nope'), 403],
      [new AppError('NOT_FOUND', 'nope'), 404],
      [new AppError('CONFLICT', 'nope'), 409],
      [new AppError('PAYLOAD_TOO_LARGE', 'nope'), 413],
      [new AppError('UNSUPPORTED_MEDIA', 'nope'), 415],
      [new AppError('RATE_LIMITED', 'nope'), 429],
    ];
    for (const [error, status] of cases) {
      const res = await supertest(appThrowing(error)).get('/boom').expect(status);
      expect(res.body).toEqual({ error: { code: error.code, message: 'nope' } });
    }
  });

  it('treats other AppError codes (database, upstream) as internal', async () => {
    const res = await supertest(appThrowing(new AppError('DATABASE_UNAVAILABLE', 'cannot reach 10.0.0.5'))).get('/boom').expect(500);
    expect(res.body.error.code).toBe('INTERNAL');
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
  });

  it('answers a ZodError with 400 and its issues', async () => {
    const zodError = z.object({ a: z.string() }).safeParse({}).error;
    const res = await supertest(appThrowing(zodError)).get('/boom').expect(400);
    expect(res.body.error.code).toBe('BAD_INPUT');
    expect(res.body.error.issues[0].path).toEqual(['a']);
  });

  it('answers malformed and oversized JSON with 400 and 413, never 500', async () => {
    const app = appThrowing(new Error('unused'));
    const bad = await supertest(app).post('/echo').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(bad.body.error).toEqual({ code: 'BAD_INPUT', message: 'The request body is not valid JSON' });
    const big = await supertest(app).post('/echo').send({ name: 'x'.repeat(5000) }).expect(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('validate', () => {
  const app = appThrowing(new Error('unused'));

  it('parses the body and rejects unknown fields', async () => {
    await supertest(app).post('/echo').send({ name: 'Ada' }).expect(200, { name: 'Ada' });
    const extra = await supertest(app).post('/echo').send({ name: 'Ada', admin: true }).expect(400);
    expect(extra.body.error.issues[0].code).toBe('unrecognized_keys');
    const missing = await supertest(app).post('/echo').send({ name: '' }).expect(400);
    expect(missing.body.error.message).toBe('Name is required');
  });

  it('parses the query', async () => {
    await supertest(app).get('/query?limit=5').expect(200, { limit: 5 });
    await supertest(app).get('/query?limit=500').expect(400);
    await supertest(app).get('/query?limit=5&x=1').expect(400);
  });

  it('works as a middleware that replaces the body with the parsed value', async () => {
    await supertest(app).post('/middleware').send({ n: '7' }).expect(200, { body: { n: 7 }, stored: { n: 7 } });
  });
});
