import type { Command } from 'commander';
import { load, runPrinting } from './run-printing.js';
import { formatCount } from '../../core/domain/format.js';

/** `civic db migrate|seed|reset`. */
export function declareDatabaseCommands(program: Command): void {
  const db = program.command('db').description('manage the database schema and demo data');

  db.command('migrate')
    .description('apply pending migrations')
    .option('--json', 'print the result as JSON')
    .action((options: { json?: boolean }) =>
      runPrinting(load.db, { creates: true }, options, async (db, core) => {
        const report = await db.migrateDatabase(core);
        return { data: report, human: db.describeMigration(report) };
      }),
    );

  db.command('seed')
    .description('migrate, then load the demo cities, sources and business directory from fixtures/')
    .option('--json', 'print the result as JSON')
    .action((options: { json?: boolean }) =>
      runPrinting(load.db, { creates: true }, options, async (db, core) => {
        const report = await db.seedDatabase(core);
        return { data: report, human: db.describeSeed(report) };
      }),
    );

  db.command('reset')
    .description('drop every table and migrate again (destroys all data)')
    .option('--yes', 'confirm that every row may be deleted')
    .option('--seed', 'load the demo data afterwards')
    .option('--json', 'print the result as JSON')
    .action((options: { yes?: boolean; seed?: boolean; json?: boolean }) =>
      runPrinting(load.db, { creates: true }, options, async (db, core) => {
        const report = await db.resetDatabase(core, options);
        const human = `Reset: dropped ${report.dropped.length} and applied ${formatCount(report.applied.length, 'migration')}` +
          (report.seeded ? `\n${db.describeSeed(report.seeded)}` : '');
        return { data: report, human };
      }),
    );
}
