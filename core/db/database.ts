import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { AppError } from '../errors.js';
import { lockDataDir } from './data-dir-lock.js';
import { PreparingClient } from './preparing-client.js';
import { SturdyClient } from './sturdy-client.js';
import { serveEmbeddedDatabase, lockSocketOf, SHARE_PORT, shareDirOf, sharingProblem, type EmbeddedServer } from './embedded-server.js';
import { registerLockSessions, remoteLockSession } from './key-locks.js';
import type { DB } from './schema.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { LeasedPGliteDialect, SessionLease } from './session-lease.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, without credentials: for log lines and error messages. */
  description: string;
  close(): Promise<void>;
  /** Embedded, through another civic process: that process's pid (it holds the database and serves it). */
  sharedBy?: number;
  /** PGlite only: a copy of the whole database, to start others from. */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: another pool of up to `max` connections that start with these settings
   * (for statements that want them on every connection, such as search's), opened lazily,
   * each closed after `idleMs` idle (10 s by default), all with the database.
   */
  openPool?: (options: { max: number; settings: Record<string, string>; idleMs?: number }) => Kysely<DB>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite under `dataDir/db`. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: a schema to work in (tests isolate themselves this way). */
  searchPath?: string;
  /** PGlite only: start from a dump instead of a directory (tests start from a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * Embedded only: how long to wait for another civic process that holds the database to let
   * this one in (it may still be starting) before giving up (DATABASE_UNAVAILABLE, heldBy).
   */
  waitMs?: number;
  /** Embedded only: says why this process waits (for the holder, or, closing, for the processes it serves). */
  onWait?: (message: string) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
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

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
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
    throw new AppError('DATABASE_UNAVAILABLE', `Cannot open the embedded database: ${messageOf(error)}`, { cause: error });
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
    options.onWait?.(`The embedded database in ${options.dataDir} cannot be shared with other civic processes: ${messageOf(error)}`);
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

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const target = describeUrl(databaseUrl);
  const connect = (max: number, settings: Record<string, string> = {}, idleTimeoutMillis = 10_000) => {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: databaseUrl,
      max,
      idleTimeoutMillis,
      connectionTimeoutMillis: 10_000,
      options: startupOptions({ ...(options.searchPath ? { search_path: `${options.searchPath},public` } : {}), ...settings }),
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    return new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  };
  const db = connect(options.poolSize ?? 10);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new AppError('DATABASE_UNAVAILABLE', `Cannot connect to PostgreSQL at ${target}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  const others: Kysely<DB>[] = [];
  return {
    db,
    engine: 'postgres',
    description: `PostgreSQL at ${target}`,
    openPool: ({ max, settings, idleMs }) => {
      const other = connect(max, settings, idleMs);
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all([db, ...others].map((each) => each.destroy()));
    },
  };
}

/** Settings for a connection's start, as libpq's `options` ("-c name=value ..."; values without spaces). */
function startupOptions(settings: Record<string, string>): string | undefined {
  const entries = Object.entries(settings);
  return entries.length === 0 ? undefined : entries.map(([name, value]) => `-c ${name}=${value}`).join(' ');
}

/** host:port/database, never the password. */
export function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    throw new AppError('CONFIG', 'DATABASE_URL is not a valid URL');
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const text = error.message || code || error.name;
    return code && !text.includes(code) ? `${text} (${code})` : text;
  }
  return String(error);
}
