import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import { AppError } from '../errors.js';
import { MIGRATIONS_DIR } from '../package-root.js';

/** Migrations see the database as it was when they were written, not as DB says it is now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

export interface MigrationReport {
  applied: string[];
  /** The migration that failed; the whole batch was rolled back with it (one transaction). */
  failed?: string;
}

const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.(ts|js)$/;

/**
 * Kysely's FileMigrationProvider imports from inside node_modules, where neither tsx nor
 * vitest transform TypeScript; importing from this module lets both of them load the files.
 */
class MigrationFolderProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of (await fs.readdir(this.folder)).sort()) {
      const name = MIGRATION_FILE.exec(file)?.[1];
      if (!name) continue;
      const module = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Partial<Migration>;
      if (typeof module.up !== 'function') throw new AppError('MIGRATION_FAILED', `Migration ${name} has no up()`);
      migrations[name] = { up: module.up, ...(module.down ? { down: module.down } : {}) };
    }
    return migrations;
  }
}

/**
 * Kysely looks for its bookkeeping tables in every schema unless told which one: with two
 * schemas in one database (tests run in parallel, each in its own) it would find another's
 * kysely_migration_lock and skip making its own. Pin them to the schema we work in.
 */
async function createMigrator(db: AnyDatabase, folder = MIGRATIONS_DIR): Promise<Migrator> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? undefined;
  return new Migrator({ db, provider: new MigrationFolderProvider(folder), ...(schema ? { migrationTableSchema: schema } : {}) });
}

function report(results: MigrationResult[] | undefined, error: unknown): MigrationReport {
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const failed = (results ?? []).find((r) => r.status === 'Error')?.migrationName;
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('MIGRATION_FAILED', `Migration ${failed ?? ''} failed: ${reason}`.replace('  ', ' '), {
      cause: error,
      details: { applied, failed },
    });
  }
  return { applied };
}

/**
 * Whether the database has ever been migrated (our bookkeeping table is in the schema we work
 * in): a DATABASE_URL naming the wrong, empty database has not, and a command that only reads
 * or adds records must not quietly create the tables there.
 */
export async function hasBeenMigrated(db: AnyDatabase): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'kysely_migration') as present
  `.execute(db);
  return rows[0]?.present === true;
}

export async function migrateToLatest(db: AnyDatabase, folder?: string): Promise<MigrationReport> {
  const { results, error } = await (await createMigrator(db, folder)).migrateToLatest();
  return report(results, error);
}

/** Undo every migration, newest first (used by `civic db reset` and the migration test). */
export async function migrateDownAll(db: AnyDatabase): Promise<MigrationReport> {
  const migrator = await createMigrator(db);
  const applied: string[] = [];
  for (;;) {
    const { results, error } = await migrator.migrateDown();
    const step = report(results, error);
    if (step.applied.length === 0) return { applied };
    applied.push(...step.applied);
  }
}
