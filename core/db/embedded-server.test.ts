import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSocketOf, pgSocketOf, serveEmbeddedDatabase, SHARE_PORT, type EmbeddedServer } from './embedded-server.js';
import { withVideoLocks } from '../pipeline/video-locks.js';
import { inProcessLockSession, registerLockSessions, remoteLockSession } from './key-locks.js';
import type { DB } from './schema.js';
import { LeasedPGliteDialect, SessionLease } from './session-lease.js';

// What only our server does: its lock server, its holder's closing, its idle-in-transaction
// message, its path check. The guarantees any sharing server must give are asserted against
// ours and @electric-sql/pglite-socket alike in sharing-guarantees.test.ts.
// One process plays both parts: the holder (PGlite, its Kysely, its server) and, through pg
// on the Unix socket, the other civic processes.
describe('an embedded database shared over its Unix socket', () => {
  let shareDir: string;
  let client: PGlite;
  let holder: Kysely<DB>;
  let server: EmbeddedServer;

  beforeAll(async () => {
    shareDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'civic-share-')), 'share');
    // What a killed holder leaves behind must not keep the next one from listening.
    await fs.mkdir(shareDir);
    await fs.writeFile(pgSocketOf(shareDir), '');
    client = await PGlite.create();
    const lease = new SessionLease();
    holder = new Kysely<DB>({ dialect: new LeasedPGliteDialect(client, lease) });
    server = await serveEmbeddedDatabase(client, lease, shareDir);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await client?.close();
    await fs.rm(path.dirname(shareDir), { recursive: true, force: true });
  });

  it("keeps each session's locks from the others, and frees them when its connection goes", async () => {
    const first = await remoteLockSession(lockSocketOf(shareDir));
    const second = await remoteLockSession(lockSocketOf(shareDir));
    const own = inProcessLockSession();
    expect(await first.tryLock('civic:video:1')).toBe(true);
    expect(first.holds('civic:video:1')).toBe(true);
    expect(await first.tryLock('civic:video:1')).toBe(false);
    expect(await second.tryLock('civic:video:1')).toBe(false);
    expect(await own.tryLock('civic:video:1')).toBe(false);
    expect(await own.tryLock('civic:video:2')).toBe(true);
    expect(await second.tryLock('civic:video:2')).toBe(false);
    await first.end();
    // The server lets go when it sees the connection close: ask until it has.
    await expect.poll(() => second.tryLock('civic:video:1')).toBe(true);
    await own.unlock('civic:video:2');
    expect(await second.tryLock('civic:video:2')).toBe(true);
    await second.end();
    await own.end();
  });

  it('keeps a run of another process off the videos a run here works on, and lets them go with its process', async () => {
    const pool = new pg.Pool({ host: shareDir, port: SHARE_PORT, user: 'civic', database: 'civic', max: 1 });
    const other = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    registerLockSessions(other, () => remoteLockSession(lockSocketOf(shareDir)));
    await withVideoLocks(other, 'pglite', async (theirs) => {
      expect(await theirs.tryLock('video-1')).toBe(true);
      await theirs.holdRun('run-1');
      await withVideoLocks(holder, 'pglite', async (ours) => {
        expect(await ours.tryLock('video-1')).toBe(false);
        expect(await ours.isRunAlive('run-1')).toBe(true);
        expect(await ours.tryLock('video-2')).toBe(true);
        expect(await theirs.tryLock('video-2')).toBe(false);
      });
    });
    await other.destroy();
    await withVideoLocks(holder, 'pglite', async (ours) => {
      await expect.poll(() => ours.isRunAlive('run-1')).toBe(false);
      expect(await ours.tryLock('video-1')).toBe(true);
    });
  });
});

describe('closing a shared embedded database', () => {
  it('names the processes still connected, serves them (their new connections too, no newcomer) and waits for them before it stops', async () => {
    const shareDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'civic-share-close-')), 'share');
    const client = await PGlite.create();
    const server = await serveEmbeddedDatabase(client, new SessionLease(), shareDir);
    const other = new pg.Client({ host: shareDir, port: SHARE_PORT, user: 'civic', database: 'civic', application_name: 'civic pid 4242' });
    await other.connect();
    const waitedFor: number[][] = [];
    let closed = false;
    const closing = server.close((pids) => waitedFor.push(pids)).then(() => (closed = true));
    expect(waitedFor).toEqual([[4242]]);
    // Still served while it finishes.
    expect((await other.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    expect(closed).toBe(false);
    // Its process may open another connection (its pool let an idle one go); a newcomer may not.
    const again = new pg.Client({ host: shareDir, port: SHARE_PORT, user: 'civic', database: 'civic', application_name: 'civic pid 4242' });
    await again.connect();
    expect((await again.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
    const newcomer = new pg.Client({ host: shareDir, port: SHARE_PORT, user: 'civic', database: 'civic', application_name: 'civic pid 4343' });
    newcomer.on('error', () => undefined);
    await expect(newcomer.connect()).rejects.toMatchObject({ code: '57P03' });
    await other.end();
    expect(closed).toBe(false);
    await again.end();
    await closing;
    await expect(fs.access(shareDir)).rejects.toThrow();
    await client.close();
    await fs.rm(path.dirname(shareDir), { recursive: true, force: true });
  }, 60_000);
});

describe('a process idle inside a transaction', () => {
  it('is ended with the idle-in-transaction error, its transaction rolled back, and the others go on', async () => {
    const shareDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'civic-share-idle-')), 'share');
    const client = await PGlite.create();
    const lease = new SessionLease();
    const holder = new Kysely<DB>({ dialect: new LeasedPGliteDialect(client, lease) });
    const server = await serveEmbeddedDatabase(client, lease, shareDir, { idleInTransactionMs: 300 });
    const connect = async () => {
      const other = new pg.Client({ host: shareDir, port: SHARE_PORT, user: 'civic', database: 'civic' });
      await other.connect();
      return other;
    };
    try {
      await sql`create table t (id int primary key)`.execute(holder);
      const quiet = await connect();
      // The FATAL error first, then pg's own "Connection terminated unexpectedly".
      const errors: Error[] = [];
      const ended = new Promise<Error>((resolve) => quiet.on('error', (error: Error) => resolve(errors[errors.push(error) - 1]!)));
      await quiet.query('begin');
      await quiet.query('insert into t values (1)');
      // Queued behind the quiet transaction until the server ends it: then it sees no row of it.
      const other = await connect();
      expect((await other.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
      await ended;
      expect(errors[0]?.message).toBe('terminating connection due to idle-in-transaction timeout');
      // A client that keeps talking inside its transaction is not ended.
      await other.query('begin');
      for (let i = 0; i < 4; i++) {
        await other.query('insert into t values ($1)', [10 + i]);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await other.query('commit');
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(holder)).rows).toEqual([{ n: 4 }]);
      await other.end();
    } finally {
      await server.close();
      await client.close();
      await fs.rm(path.dirname(shareDir), { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a DATA_DIR too deep to share', () => {
  it('is refused before anything is created, as Node would cut the socket path short without a word', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-deep-'));
    const shareDir = path.join(root, 'd'.repeat(100), 'share');
    await expect(serveEmbeddedDatabase({} as PGlite, new SessionLease(), shareDir)).rejects.toThrow(
      /^the path of DATA_DIR is too long for the Unix socket that would share it \(\d+ bytes; 107 at most\)$/,
    );
    expect(await fs.readdir(root)).toEqual([]);
    await fs.rm(root, { recursive: true, force: true });
  });
});
