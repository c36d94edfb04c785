import type { Database } from '../db/database.js';
import { migrateDownAll, migrateToLatest, type MigrationReport } from '../db/migrate.js';
import { seedDemo, type SeedReport } from '../demo/seed.js';
import type { DemoDataSource } from '../ports/demo-data.js';

/**
 * The database itself as the operator manages it (`civic db migrate|seed|reset`, and what a
 * command says about where it works), so front doors never hold the database handle.
 */
export interface DatabaseAdmin {
  /** Where the data lives, without credentials (PGlite's folder, or PostgreSQL's host:port/database). */
  readonly description: string;
  /** Set when the embedded database is held by another civic process: its pid. */
  readonly sharedBy: number | undefined;
  migrate(): Promise<MigrationReport>;
  /** Drops every table (every migration undone), then migrates again. */
  reset(): Promise<{ dropped: string[]; applied: string[] }>;
  /** The demo cities, sources and business directory; idempotent (core/demo/seed.ts). */
  seedDemo(): Promise<SeedReport>;
}

export function createDatabaseAdmin(database: Database, demoData: DemoDataSource): DatabaseAdmin {
  const { db } = database;
  return {
    description: database.description,
    sharedBy: database.sharedBy,
    migrate: () => migrateToLatest(db),
    async reset() {
      const down = await migrateDownAll(db);
      const up = await migrateToLatest(db);
      return { dropped: down.applied, applied: up.applied };
    },
    seedDemo: () => seedDemo(db, demoData),
  };
}
