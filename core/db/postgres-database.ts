import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { AppError } from '../errors.js';
import { connectionErrorText } from './connection-error.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import type { Database, OpenDatabaseOptions } from './database.js';
import { PreparingClient } from './preparing-client.js';
import type { DB } from './schema.js';

/** A pool of connections to a PostgreSQL server (DATABASE_URL), checked with one query before it is handed out. */
export async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
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
    throw new AppError('DATABASE_UNAVAILABLE', `Cannot connect to PostgreSQL at ${target}: ${connectionErrorText(error)}`, {
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
function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    throw new AppError('CONFIG', 'DATABASE_URL is not a valid URL');
  }
}
