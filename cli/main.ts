import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { batchCities, ingestCity, type BatchOptions, type IngestOptions } from './commands/ingest.js';
import { describeMigration, describeSeed, migrateDatabase, resetDatabase, seedDatabase } from './commands/db.js';
import { printResult, runWithCore } from './context.js';
import { EXIT_USAGE } from './exit-codes.js';
import { parseDate, parsePositiveInt, parseStages, parseUsd } from './options.js';
import { isInteractive } from './run-display.js';

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

const STAGES_HELP = 'comma-separated stages: discover,transcript,analysis,story,verify (default: all)';

program
  .command('ingest')
  .description("run the pipeline for a city: discover its sources' videos, then transcript, analysis, story and verification")
  .requiredOption('--city <key>', 'the city\'s location key, e.g. fairview-ca')
  .option('--source <id>', 'only this source (an id from civic source list)')
  .option('--since <date>', 'only videos published on or after this date (YYYY-MM-DD)', parseDate)
  .option('--limit <n>', 'only the newest N videos', parsePositiveInt(100_000))
  .option('--stages <list>', STAGES_HELP, parseStages)
  .option('--concurrency <n>', 'videos worked on at once per stage (default 4)', parsePositiveInt(64))
  .option('--max-cost <usd>', 'stop starting model calls once the run has spent this much', parseUsd)
  .option('--force', 'redo stages already done, replacing edited transcripts too')
  .option('--dry-run', 'show what would be done, change nothing')
  .option('--json', 'JSON logs on stderr and a JSON summary on stdout (the default without a terminal)')
  .action((options: IngestOptions) =>
    runWithCore({ migrate: true, logs: isInteractive(options) ? 'quiet' : 'stderr' }, (core) => ingestCity(core, options)),
  );

program
  .command('batch')
  .description('run the pipeline for every city of a status (for cron)')
  .option('--status <status>', 'city status: New, Test, Live or Archive', 'Live')
  .option('--since <date>', 'only videos published on or after this date (YYYY-MM-DD)', parseDate)
  .option('--limit <n>', 'only the newest N videos', parsePositiveInt(100_000))
  .option('--stages <list>', STAGES_HELP, parseStages)
  .option('--concurrency <n>', 'videos worked on at once per stage (default 4)', parsePositiveInt(64))
  .option('--max-cost <usd>', 'stop starting model calls once the run has spent this much', parseUsd)
  .option('--force', 'redo stages already done')
  .option('--dry-run', 'show what would be done, change nothing')
  .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
  .action((options: BatchOptions) =>
    runWithCore({ migrate: true, logs: isInteractive(options) ? 'quiet' : 'stderr' }, (core) => batchCities(core, options)),
  );

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  await program.parseAsync([...argv]);
}
