import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ERROR_STATUS, apiErrorBodySchema } from '../core/domain/api-errors.js';
import { ERROR_CODES, keyRejectedError, type ErrorCode } from '../core/errors.js';
import { AppError, createSilentLogger } from '../core/index.js';
import { errorHandler } from './middleware/errors.js';
import { requestLogging } from './middleware/request-logging.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/**
 * What every core error code answers, written out here rather than read from http-errors.ts:
 * `shown` says whether the caller reads core's message, or only "Something went wrong".
 */
const EXPECTED: Record<ErrorCode, { status: number; code: string; shown: boolean }> = {
  BAD_INPUT: { status: 400, code: 'BAD_INPUT', shown: true },
  UNAUTHENTICATED: { status: 401, code: 'UNAUTHENTICATED', shown: true },
  FORBIDDEN: { status: 403, code: 'FORBIDDEN', shown: true },
  NOT_FOUND: { status: 404, code: 'NOT_FOUND', shown: true },
  CONFLICT: { status: 409, code: 'CONFLICT', shown: true },
  PAYLOAD_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', shown: true },
  UNSUPPORTED_MEDIA: { status: 415, code: 'UNSUPPORTED_MEDIA', shown: true },
  RATE_LIMITED: { status: 429, code: 'RATE_LIMITED', shown: true },
  UPSTREAM: { status: 502, code: 'UPSTREAM', shown: true },
  CONFIG: { status: 500, code: 'INTERNAL', shown: false },
  DATABASE_UNAVAILABLE: { status: 500, code: 'INTERNAL', shown: false },
  MIGRATION_FAILED: { status: 500, code: 'INTERNAL', shown: false },
  INTERNAL: { status: 500, code: 'INTERNAL', shown: false },
};

function appThrowing(error: unknown) {
  const app = express();
  app.use(requestLogging(createSilentLogger()));
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(createSilentLogger()));
  return app;
}

async function answerTo(error: unknown) {
  const res = await supertest(appThrowing(error)).get('/boom');
  // Every error answer has api.md's shape (the schema the web app reads it with).
  expect(apiErrorBodySchema.safeParse(res.body).error).toBeUndefined();
  return res;
}

describe('the one mapping of core errors to HTTP', () => {
  it('lists every core error code (a new code fails here until its answer is decided)', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES)('%s', async (code) => {
    const expected = EXPECTED[code];
    const res = await answerTo(new AppError(code, 'the detail at db.internal:5432'));
    expect(res.status).toBe(expected.status);
    expect(res.body.error.code).toBe(expected.code);
    if (expected.shown) {
      expect(res.body).toEqual({ error: { code: expected.code, message: 'the detail at db.internal:5432' } });
    } else {
      expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong', request_id: res.headers['x-request-id'] } });
    }
    // The wire table agrees with the status each code is answered with.
    expect(API_ERROR_STATUS[res.body.error.code as keyof typeof API_ERROR_STATUS]).toBe(res.status);
  });

  it('answers a key YouTube or the model refused as UPSTREAM 502 with the message naming the setting', async () => {
    const res = await answerTo(keyRejectedError('youtube', 'YouTube rejected the API key (YOUTUBE_API_KEY)'));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: 'UPSTREAM', message: 'YouTube rejected the API key (YOUTUBE_API_KEY)' } });
  });

  it("carries a 400's zod issues and a refusal's description, and nothing else of the details", async () => {
    const issues = z.object({ name: z.string() }).safeParse({}).error!.issues;
    const bad = await answerTo(new AppError('BAD_INPUT', 'Name is required', { details: issues }));
    expect(bad.body.error.issues).toEqual([{ path: ['name'], message: issues[0]!.message, code: 'invalid_type' }]);
    expect(bad.body.error.field).toBe('name');
    const large = await answerTo(new AppError('PAYLOAD_TOO_LARGE', 'File too large', { details: { description: 'Please select an image smaller than 10MB', bytes: 1 } }));
    expect(large.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File too large', description: 'Please select an image smaller than 10MB' } });
  });

  it("names the field at fault in a 400: the one core named, else the first zod issue's top-level key", async () => {
    const named = await answerTo(new AppError('BAD_INPUT', 'Password is too weak', { details: { reasons: ['x'], field: 'password' } }));
    expect(named.body).toEqual({ error: { code: 'BAD_INPUT', message: 'Password is too weak', field: 'password' } });
    const nested = z.object({ city_name: z.object({ first: z.string() }) }).safeParse({ city_name: {} }).error!.issues;
    const fromCore = await answerTo(new AppError('BAD_INPUT', 'City name is required', { details: { issues: nested } }));
    expect(fromCore.body.error.field).toBe('city_name');
    const whole = await answerTo(new AppError('BAD_INPUT', 'Expected an object', { details: z.object({}).safeParse(1).error!.issues }));
    expect(whole.body.error.field).toBeUndefined();
    const conflict = await answerTo(new AppError('CONFLICT', 'Taken', { details: { field: 'email' } }));
    expect(conflict.body).toEqual({ error: { code: 'CONFLICT', message: 'Taken' } });
  });
});

/** server/**.ts that answer requests, tests and the mapping itself aside. */
function serverSources(): { file: string; text: string }[] {
  const root = path.dirname(new URL(import.meta.url).pathname);
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'http-errors.ts' && !file.startsWith('testing'))
    .map((file) => ({ file, text: withoutComments(fs.readFileSync(path.join(root, file), 'utf8')) }));
}

/** Comments may quote an answer (`{error: {code: 'BAD_INPUT', …}}`); only code is judged. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

const WIRE_CODES = Object.keys(API_ERROR_STATUS).join('|');

describe('no router or middleware maps errors itself', () => {
  const sources = serverSources();

  it('finds the routers and middlewares it reads', () => {
    expect(sources.map((source) => source.file)).toEqual(expect.arrayContaining(['app.ts', path.join('routes', 'uploads.ts'), path.join('middleware', 'guards.ts')]));
  });

  it.each([
    ['an error status', /\.status\(\s*[45]\d\d\b|\.sendStatus\(/],
    ['an error body', /\.json\(\s*\{\s*error\s*:/],
    ['a wire error code in a body', new RegExp(`\\bcode\\s*:\\s*['"\`](?:${WIRE_CODES})['"\`]`)],
  ])('none writes %s (they throw an AppError or call sendError)', (_what, pattern) => {
    const offenders = sources.filter((source) => pattern.test(source.text)).map((source) => source.file);
    expect(offenders).toEqual([]);
  });

  it("no router answers by a core error's code (the error handler does)", () => {
    const routers = sources.filter((source) => source.file.startsWith('routes') || source.file.startsWith('middleware'));
    const byCode = new RegExp(`\\.code\\s*[!=]==?\\s*['"](?:${ERROR_CODES.join('|')})['"]`);
    expect(routers.filter((source) => byCode.test(source.text)).map((source) => source.file)).toEqual([]);
  });
});

interface StackLayer {
  name?: string;
  handle?: ((...args: unknown[]) => unknown) & { stack?: StackLayer[] };
  route?: { stack: StackLayer[] };
}

/** Every error-handling middleware (four parameters) in the app's router, nested routers and routes included. */
function errorMiddlewares(stack: StackLayer[]): StackLayer[] {
  return stack.flatMap((layer) => [
    ...(layer.handle && layer.handle.length === 4 ? [layer] : []),
    ...(layer.handle?.stack ? errorMiddlewares(layer.handle.stack) : []),
    ...(layer.route ? errorMiddlewares(layer.route.stack) : []),
  ]);
}

describe("the app's stack", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has one error handler, the last middleware: no router answers errors of its own', () => {
    const stack = (t.app as unknown as { router: { stack: StackLayer[] } }).router.stack;
    const handlers = errorMiddlewares(stack);
    expect(handlers).toHaveLength(1);
    expect(handlers[0]).toBe(stack.at(-1));
  });
});
