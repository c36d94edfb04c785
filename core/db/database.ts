/**
 * The database handle core works on, whichever engine holds it: embedded PGlite
 * (embedded-database.ts) or a PostgreSQL server (postgres-database.ts).
 */
import type { Kysely } from 'kysely';
import { openEmbedded } from './embedded-database.js';
import { openPostgres } from './postgres-database.js';
import type { DB } from './schema.js';

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
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openEmbedded(options);
}
