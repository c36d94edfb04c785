import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { AppError } from '../errors.js';
import { PREPARED_MARK } from './prepared.js';
import type { DB } from './schema.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, without credentials: for log lines and error messages. */
  description: string;
  close(): Promise<void>;
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
  const extensions = { btree_gin, pg_trgm };
  // PostgreSQL's default 128 MB of shared buffers grows PGlite's WASM heap by that much in
  // every process; an embedded single-user database does well with far less.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  let client: PGlite;
  let description: string;
  let release: () => Promise<void> = async () => undefined;
  try {
    if (options.loadDataDir) {
      client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions, startParams });
      description = 'PGlite (in memory)';
    } else {
      const dir = path.join(options.dataDir, 'db');
      // PGlite's own mkdir is not recursive.
      await fs.mkdir(dir, { recursive: true });
      release = await lockDataDir(dir);
      client = await PGlite.create(dir, { extensions, startParams });
      description = `PGlite at ${dir}`;
    }
  } catch (error) {
    await release();
    if (error instanceof AppError) throw error;
    throw new AppError('DATABASE_UNAVAILABLE', `Cannot open the embedded database: ${messageOf(error)}`, { cause: error });
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    engine: 'pglite',
    description,
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
      await release();
    },
    dump: async () => client.dumpDataDir('none'),
  };
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
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
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

/**
 * A pg client that runs the statements marked by prepared() (prepared.ts) as named prepared
 * statements: parsed once per connection, then executed by name. The name comes from the
 * text, so a statement's variants are prepared apart; pg remembers which it has prepared.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const run = super.query.bind(this) as (...rest: unknown[]) => never;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(PREPARED_MARK) && Array.isArray(values)) {
      return run({ name: statementName(text), text, values });
    }
    return run(...args);
  }
}

/** Names of marked statements by text; a handful of texts in practice, forgotten past a bound all the same. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `tc_${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * An embedded database belongs to one process at a time: two writing to the same files would
 * corrupt them. A lock file holding our pid keeps a second `civic` out with a clear message;
 * a lock left by a process that no longer exists (killed, crashed) is taken over.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, '..', 'db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new AppError(
          'DATABASE_UNAVAILABLE',
          `The embedded database in ${path.dirname(dir)} is in use by another civic process (pid ${holder}); stop it first, or use PostgreSQL (DATABASE_URL) to run several at once`,
          { details: { heldBy: holder } },
        );
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new AppError('DATABASE_UNAVAILABLE', `Cannot lock the embedded database in ${path.dirname(dir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
