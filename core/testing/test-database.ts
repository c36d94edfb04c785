import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../db/database.js';
import { migrateDownAll, migrateToLatest } from '../db/migrate.js';

/**
 * Database tests run on embedded PGlite always, and on PostgreSQL too when
 * TEST_DATABASE_URL is set (CI points it at the server on 127.0.0.1:5432).
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const TEST_ENGINES: Engine[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let templateBlob: Promise<Blob> | undefined;

function loadTemplate(): Promise<Blob> {
  templateBlob ??= fs.readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return templateBlob;
}

export interface TestDatabaseOptions {
  /** Start with no tables (for migration tests). PGlite starts migrated and is rolled down. */
  empty?: boolean;
}

/**
 * A database of its own for one test: PGlite from the migrated template, or a fresh schema
 * on the PostgreSQL server that is dropped on close.
 */
export async function createTestDatabase(engine: Engine, options: TestDatabaseOptions = {}): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: '', loadDataDir: await loadTemplate() });
    if (options.empty) await migrateDownAll(database.db);
    return database;
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '', poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '', searchPath: schema, poolSize: 4 });
  if (!options.empty) await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = await openDatabase({ databaseUrl: TEST_DATABASE_URL, dataDir: '', poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    },
  };
}
