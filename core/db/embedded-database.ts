import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { AppError } from '../errors.js';
import { connectionErrorText } from './connection-error.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, OpenDatabaseOptions } from './database.js';
import { serveEmbeddedDatabase, lockSocketOf, SHARE_PORT, shareDirOf, sharingProblem, type EmbeddedServer } from './embedded-server.js';
import { registerLockSessions, remoteLockSession } from './key-locks.js';
import type { DB } from './schema.js';
import { LeasedPGliteDialect, SessionLease } from './session-lease.js';
import { SturdyClient } from './sturdy-client.js';

/**
 * Embedded PGlite under DATA_DIR/db: the first civic process to open it holds it and serves it
 * to the others (embedded-server.ts), which work through it as clients; a process that finds it
 * held waits for the holder to let it in.
 */
export async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  if (options.loadDataDir) {
    const client = await createPglite(() => PGlite.create({ loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START }));
    return embeddedDatabase(client, new SessionLease(), 'PGlite (in memory)', async () => undefined);
  }
  const dir = path.join(options.dataDir, 'db');
  // PGlite's own mkdir is not recursive.
  await fs.mkdir(dir, { recursive: true });
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  let announced = false;
  for (;;) {
    const lock = await lockDataDir(options.dataDir);
    if ('release' in lock) return openHolder(options, dir, lock.release);
    // Another civic process holds the database: work through it, as a client of its server.
    const shared = await openShared(options, lock.holder);
    if ('db' in shared) return shared;
    if (Date.now() >= deadline) throw heldError(options.dataDir, lock.holder);
    if (!announced) {
      announced = true;
      const problem = sharingProblem(shareDirOf(options.dataDir));
      const why = shared.stopping ? 'which is stopping' : `which does not share it${problem ? ` (${problem})` : ' yet'}`;
      options.onWait?.(`The embedded database in ${options.dataDir} is held by civic process ${lock.holder}, ${why}: waiting up to ${Math.round((options.waitMs ?? DEFAULT_WAIT_MS) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

const PGLITE_EXTENSIONS = { btree_gin, pg_trgm };
// PostgreSQL's default 128 MB of shared buffers grows PGlite's WASM heap by that much in
// every process; an embedded single-user database does well with far less.
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
/** How long a command waits for the process holding the embedded database to let it in (DB_WAIT_SECONDS). */
const DEFAULT_WAIT_MS = 30_000;
const WAIT_STEP_MS = 250;

async function createPglite(create: () => Promise<PGlite>): Promise<PGlite> {
  try {
    return await create();
  } catch (error) {
    throw new AppError('DATABASE_UNAVAILABLE', `Cannot open the embedded database: ${connectionErrorText(error)}`, { cause: error });
  }
}

/** We hold the database: open it, and serve it to the other civic processes that want it. */
async function openHolder(options: OpenDatabaseOptions, dir: string, unlock: () => Promise<void>): Promise<Database> {
  let client: PGlite;
  try {
    client = await createPglite(() => PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START }));
  } catch (error) {
    await unlock();
    throw error;
  }
  const lease = new SessionLease();
  let server: EmbeddedServer | undefined;
  try {
    server = await serveEmbeddedDatabase(client, lease, shareDirOf(options.dataDir));
  } catch (error) {
    // Sharing is a convenience: without it the others wait, then give up with exit 4.
    options.onWait?.(`The embedded database in ${options.dataDir} cannot be shared with other civic processes: ${connectionErrorText(error)}`);
  }
  return embeddedDatabase(client, lease, `PGlite at ${dir}`, async () => {
    await server?.close((pids) => {
      const who = pids.length === 0 ? 'other civic processes' : `civic process${pids.length === 1 ? '' : 'es'} ${pids.join(', ')}`;
      options.onWait?.(`Waiting for ${who} to finish with the embedded database in ${options.dataDir} (Ctrl-C again stops them)`);
    });
    if (!client.closed) await client.close();
    await unlock();
  });
}

function embeddedDatabase(client: PGlite, lease: SessionLease, description: string, close: () => Promise<void>): Database {
  const db = new Kysely<DB>({ dialect: new LeasedPGliteDialect(client, lease) });
  return {
    db,
    engine: 'pglite',
    description,
    close: async () => {
      await db.destroy();
      await close();
      if (!client.closed) await client.close();
    },
    dump: async () => {
      const release = await lease.acquire();
      try {
        return await client.dumpDataDir('none');
      } finally {
        release();
      }
    },
  };
}

/**
 * A client of the civic process that holds the embedded database, through its Unix socket; or
 * why not: it does not answer (still starting, or not sharing) or is stopping (it lets in no
 * newcomer then). Its connections are plain: named statements and session settings would be
 * shared with every other client.
 */
async function openShared(options: OpenDatabaseOptions, holder: number): Promise<Database | { stopping: boolean }> {
  const shareDir = shareDirOf(options.dataDir);
  // pg would connect to a path cut short: perhaps another socket, perhaps nothing.
  if (sharingProblem(shareDir)) return { stopping: false };
  const pool = new pg.Pool({
    host: shareDir,
    port: SHARE_PORT,
    user: 'civic',
    database: 'civic',
    application_name: `civic pid ${process.pid}`,
    max: Math.min(options.poolSize ?? 10, SHARED_POOL_SIZE),
    // One connection stays while the database is open: the holder, stopping, waits for the
    // processes still connected and lets only them back in. The others are let go when idle.
    min: 1,
    idleTimeoutMillis: 1_000,
    Client: SturdyClient,
  });
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    return { stopping: (error as { code?: unknown }).code === '57P03' };
  }
  registerLockSessions(db, () => remoteLockSession(lockSocketOf(shareDir)));
  return {
    db,
    engine: 'pglite',
    description: `PGlite at ${path.join(options.dataDir, 'db')}, through civic process ${holder}`,
    sharedBy: holder,
    close: () => db.destroy(),
  };
}

/** PGlite runs one statement at a time: more connections would only queue at the holder. */
const SHARED_POOL_SIZE = 4;

function heldError(dataDir: string, holder: number): AppError {
  return new AppError(
    'DATABASE_UNAVAILABLE',
    `The embedded database in ${dataDir} is in use by another civic process (pid ${holder}), which did not let this one in; stop it first, or use PostgreSQL (DATABASE_URL) to run several at once`,
    { details: { heldBy: holder } },
  );
}

/**
 * Whether DATA_DIR already holds an embedded database. PGlite creates one wherever it is
 * pointed, so a command run from the wrong directory would otherwise work on a new, empty
 * database and report nothing to do; commands that expect data ask first.
 */
export async function embeddedDatabaseExists(dataDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(dataDir, 'db', 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}
