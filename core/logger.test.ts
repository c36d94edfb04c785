import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.js';
import { AppError } from './errors.js';
import { createLogger } from './logger.js';
import { createTestDatabase, TEST_ENGINES } from './testing/test-database.js';

/** A logger writing into an array of parsed lines, as production would write them to stderr. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: createLogger({ level: 'debug', destination }), lines, text: () => JSON.stringify(lines) };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe.each(TEST_ENGINES)('database errors in logs on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('keep message, code, constraint and table, never the parameters or the row', async () => {
    const { db } = database;
    await db.insertInto('users').values({ email: 'ada@example.org', password_hash: 'x' }).execute();
    const duplicate = await failure(() => db.insertInto('users').values({ email: 'ada@example.org', password_hash: 'hash-of-a-secret' }).execute());
    const nul = await failure(() => db.insertInto('contact_submissions').values({ email: 'bob@example.org', topic: 't', message: 'private words\u0000' }).execute());
    const { logger, lines, text } = capturedLogger();
    logger.error({ err: duplicate }, 'request failed');
    logger.error({ err: new AppError('INTERNAL', 'Session abc123… could not be saved', { cause: nul }) }, 'request failed');
    logger.error(duplicate as Error);

    const err = lines[0]?.err as Record<string, unknown>;
    expect(err).toMatchObject({ code: '23505', table: 'users', message: expect.stringContaining('duplicate key') });
    expect(err.constraint).toEqual(expect.stringContaining('email'));
    expect(Object.keys(err).sort()).toEqual(expect.arrayContaining(['code', 'message', 'type']));
    expect((lines[1]?.err as { cause: Record<string, unknown> }).cause).toMatchObject({ code: '22021' });
    expect((lines[2]?.err as Record<string, unknown>).code).toBe('23505');
    for (const personal of ['ada@example.org', 'hash-of-a-secret', 'bob@example.org', 'private words', 'insert into']) {
      expect(text()).not.toContain(personal);
    }
    // The driver fields that carried them are dropped altogether.
    expect(text()).not.toMatch(/"(params|query|detail|queryOptions)"/);
  });
});

describe('the logger', () => {
  it('keeps error codes: AppError codes, system error codes, causes', () => {
    const { logger, lines } = capturedLogger();
    const disk = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write', path: '/data/storage/x.part' });
    logger.error({ err: new AppError('UPSTREAM', 'model failed', { cause: disk }) }, 'stage failed');
    logger.warn({ err: new AppError('NOT_FOUND', 'no such city') }, 'lookup');
    expect(lines[0]?.err).toMatchObject({ type: 'AppError', code: 'UPSTREAM', message: 'model failed', cause: { code: 'ENOSPC', errno: -28, syscall: 'write' } });
    expect((lines[0]?.err as { stack?: string }).stack).toContain('model failed');
    expect(lines[1]?.err).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('redacts what is personal in request data, headers and credentials', () => {
    const { logger, lines, text } = capturedLogger();
    logger.info(
      {
        req: {
          body: { email: 'ada@example.org', password: 'hunter2-secret', code: '654321', token: 'confirm-token' },
          headers: { cookie: 'tc.sid=cookie-secret', authorization: 'Bearer bearer-secret', 'x-csrf-token': 'csrf-secret' },
        },
        res: { headers: { 'set-cookie': 'tc.sid=set-cookie-secret' } },
        body: { email: 'bob@example.org', code: '112233' },
        password: 'top-level-secret',
        sid: 'whole-session-id',
        link: { confirm: 'link-confirm-secret', apiKey: 'api-key-secret', signature: 'signature-secret' },
      },
      'request data',
    );
    for (const secret of ['ada@example.org', 'hunter2', '654321', 'confirm-token', 'cookie-secret', 'bearer-secret', 'csrf-secret', 'set-cookie-secret', 'bob@example.org', '112233', 'top-level-secret', 'whole-session-id', 'link-confirm-secret', 'api-key-secret', 'signature-secret']) {
      expect(text()).not.toContain(secret);
    }
    expect((lines[0]?.req as { body: Record<string, unknown> }).body).toEqual({ email: '[redacted]', password: '[redacted]', code: '[redacted]', token: '[redacted]' });
  });

  it('leaves non-error values of err as they are', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ err: 'timed out' }, 'transcript fetch failed');
    expect(lines[0]?.err).toBe('timed out');
  });
});
