import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { describeMigration, describeSeed, migrateDatabase, resetDatabase, seedDatabase } from './commands/db.js';
import { printResult, runWithCore } from './context.js';
import { EXIT_USAGE } from './exit-codes.js';

/** The `civic` program. Declares commands only; each command's work lives in cli/commands/. */
export const program = new Command('civic')
  .version(pkg.version)
  .description('Town Crier: turn local-government meeting videos into transcripts, verified analyses and news stories')
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(text) })
  .exitOverride((error) => {
    // commander's own usage errors (unknown option, missing argument) exit 2 like ours.
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  });

const db = program.command('db').description('manage the database schema and demo data');

db.command('migrate')
  .description('apply pending migrations')
  .option('--json', 'print the result as JSON')
  .action((options: { json?: boolean }) =>
    runWithCore({}, async (core) => {
      const report = await migrateDatabase(core);
      printResult(report, describeMigration(report), options);
    }),
  );

db.command('seed')
  .description('migrate, then load the demo cities, sources and business directory from fixtures/')
  .option('--json', 'print the result as JSON')
  .action((options: { json?: boolean }) =>
    runWithCore({}, async (core) => {
      const report = await seedDatabase(core);
      printResult(report, describeSeed(report), options);
    }),
  );

db.command('reset')
  .description('drop every table and migrate again (destroys all data)')
  .option('--yes', 'confirm that every row may be deleted')
  .option('--seed', 'load the demo data afterwards')
  .option('--json', 'print the result as JSON')
  .action((options: { yes?: boolean; seed?: boolean; json?: boolean }) =>
    runWithCore({}, async (core) => {
      const report = await resetDatabase(core, options);
      const human = `Reset: dropped ${report.dropped.length} and applied ${report.applied.length} migration(s)` +
        (report.seeded ? `\n${describeSeed(report.seeded)}` : '');
      printResult(report, human, options);
    }),
  );

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  await program.parseAsync([...argv]);
}
