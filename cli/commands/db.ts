import { AppError, type Core, type MigrationReport, type SeedReport } from '../../core/index.js';
import { formatCount } from '../../core/domain/format.js';

export async function migrateDatabase(core: Core): Promise<MigrationReport & { database: string }> {
  const report = await core.databaseAdmin.migrate();
  return { ...report, database: core.databaseAdmin.description };
}

export async function seedDatabase(core: Core): Promise<SeedReport & { migrations: string[] }> {
  const { applied } = await core.databaseAdmin.migrate();
  const report = await core.databaseAdmin.seedDemo();
  return { ...report, migrations: applied };
}

export async function resetDatabase(core: Core, options: { yes?: boolean; seed?: boolean }): Promise<{ dropped: string[]; applied: string[]; seeded?: SeedReport }> {
  if (!options.yes) {
    throw new AppError('BAD_INPUT', `This deletes every row in ${core.databaseAdmin.description}; run again with --yes to confirm`);
  }
  const { dropped, applied } = await core.databaseAdmin.reset();
  const seeded = options.seed ? await core.databaseAdmin.seedDemo() : undefined;
  return { dropped, applied, ...(seeded ? { seeded } : {}) };
}

export function describeMigration(report: MigrationReport & { database: string }): string {
  return report.applied.length === 0
    ? `${report.database}: already up to date`
    : `${report.database}: applied ${formatCount(report.applied.length, 'migration')}: ${report.applied.join(', ')}`;
}

export function describeSeed(report: SeedReport): string {
  return `Seeded ${report.cities} cities, ${report.sources} video sources, ${report.categories} categories and ${report.businesses} businesses`;
}
