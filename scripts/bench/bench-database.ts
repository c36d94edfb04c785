/**
 * A migrated database of its own for one benchmark run: embedded PGlite in a fresh temporary
 * data directory, or a throwaway schema on the PostgreSQL server at `databaseUrl`. Both are
 * removed on close.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../core/db/database.js';
import { migrateToLatest } from '../../core/db/migrate.js';

export async function openBenchDatabase(databaseUrl?: string): Promise<Database> {
  return databaseUrl ? openPostgresSchema(databaseUrl) : openTempPglite();
}

async function openTempPglite(): Promise<Database> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'town-crier-bench-db-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgresSchema(databaseUrl: string): Promise<Database> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const dropSchema = async () => {
    const admin = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  };
  const admin = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ databaseUrl, dataDir: '', searchPath: schema, poolSize: 10 });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await dropSchema();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropSchema();
    },
  };
}
