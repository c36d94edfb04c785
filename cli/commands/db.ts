import { AppError, migrateDownAll, migrateToLatest, seedDemo, type Core, type MigrationReport, type SeedReport } from '../../core/index.js';
import { formatCount } from '../../core/domain/format.js';

export async function migrateDatabase(core: Core): Promise<MigrationReport & { database: string }> {
  const report = await migrateToLatest(core.db);
  return { ...report, database: core.database.description };
}

export async function seedDatabase(core: Core): Promise<SeedReport & { migrations: string[] }> {
  const { applied } = await migrateToLatest(core.db);
  const report = await seedDemo(core.db, core.config.fixturesDir);
  return { ...report, migrations: applied };
}

export async function resetDatabase(core: Core, options: { yes?: boolean; seed?: boolean }): Promise<{ dropped: string[]; applied: string[]; seeded?: SeedReport }> {
  if (!options.yes) {
    throw new AppError('BAD_INPUT', `This deletes every row in ${core.database.description}; run again with --yes to confirm`);
  }
  const down = await migrateDownAll(core.db);
  const up = await migrateToLatest(core.db);
  const seeded = options.seed ? await seedDemo(core.db, core.config.fixturesDir) : undefined;
  return { dropped: down.applied, applied: up.applied, ...(seeded ? { seeded } : {}) };
}

export function describeMigration(report: MigrationReport & { database: string }): string {
  return report.applied.length === 0
    ? `${report.database}: already up to date`
    : `${report.database}: applied ${formatCount(report.applied.length, 'migration')}: ${report.applied.join(', ')}`;
}

export function describeSeed(report: SeedReport): string {
  return `Seeded ${report.cities} cities, ${report.sources} video sources, ${report.categories} categories and ${report.businesses} businesses`;
}
