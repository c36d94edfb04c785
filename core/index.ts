/**
 * The public face of core: what the CLI and the server may use. Everything they need is
 * exported here, so the rest of core can change shape without touching them.
 */
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { DB } from './db/schema.js';
import type { Logger } from './logger.js';

export { loadConfig, type Config } from './config.js';
export { AppError, isAppError, type ErrorCode } from './errors.js';
export { createLogger, createSilentLogger, type Logger } from './logger.js';
export { openDatabase, describeUrl, type Database, type Engine } from './db/database.js';
export { migrateToLatest, migrateDownAll, listMigrations, type MigrationReport } from './db/migrate.js';
export { seedDemo, type SeedReport } from './demo/seed.js';
export type { DB } from './db/schema.js';

export interface Core {
  config: Config;
  logger: Logger;
  database: Database;
  db: Kysely<DB>;
  close(): Promise<void>;
}

export interface CreateCoreOptions {
  config: Config;
  logger: Logger;
  /** Bring the schema up to date on start (serve and ingest do; `db` commands manage it themselves). */
  migrate?: boolean;
}

export async function createCore({ config, logger, migrate = false }: CreateCoreOptions): Promise<Core> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logger.debug({ database: database.description }, 'database open');
  if (migrate) {
    try {
      const report = await migrateToLatest(database.db);
      if (report.applied.length > 0) logger.info({ applied: report.applied }, 'migrations applied');
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return { config, logger, database, db: database.db, close: () => database.close() };
}
