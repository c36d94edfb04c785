import type { Command } from 'commander';
import type { BatchOptions, IngestOptions } from '../commands/ingest.js';
import { parseDate, parsePositiveInt, parseStages, parseUsd } from '../options.js';
import { load, STAGES_HELP } from './run-printing.js';

const QUEUE_HELP = 'enqueue the work as jobs for civic worker processes and return at once (PostgreSQL)';

/** A `--queue` run's own usage rules (no --dry-run, no --concurrency), checked before anything opens. */
async function queueMisuseCheck(options: { queue?: boolean; dryRun?: boolean; concurrency?: number }): Promise<() => void> {
  const [{ AppError }, { queueUsageProblem }] = await Promise.all([load.core(), load.ingest()]);
  return () => {
    const problem = queueUsageProblem(options);
    if (problem) throw new AppError('BAD_INPUT', problem);
  };
}

const queueNeeds = (options: { queue?: boolean }) => (options.queue ? { needsPostgres: '--queue' } : {});

/** What a run takes, the same for one city (`ingest`) and for every city of a status (`batch`). */
function withRunOptions(command: Command): Command {
  return command
    .option('--since <date>', 'only videos published on or after this date (YYYY-MM-DD)', parseDate)
    .option('--limit <n>', 'only the newest N videos', parsePositiveInt(100_000))
    .option('--stages <list>', STAGES_HELP, parseStages)
    .option('--concurrency <n>', 'videos worked on at once per stage (default 4)', parsePositiveInt(64))
    .option('--max-cost <usd>', 'stop starting model calls once the run has spent this much', parseUsd)
    .option('--force', 'redo stages already done, replacing edited transcripts too')
    .option('--dry-run', 'show what would be done, change nothing')
    .option('--json', 'JSON logs on stderr and a JSON summary on stdout (the default without a terminal)')
    .option('--queue', QUEUE_HELP);
}

/** `civic ingest` and `civic batch`: a run in this process, or with --queue jobs for the workers. */
export function declarePipelineCommands(program: Command): void {
  withRunOptions(
    program
      .command('ingest')
      .description("run the pipeline for a city: discover its sources' videos, then transcript, analysis, story and verification")
      .requiredOption('--city <key>', 'the city\'s location key, e.g. fairview-ca')
      .option('--source <id>', 'only this source (an id from civic source list)'),
  ).action(async (options: IngestOptions) => {
    const [{ runWithCore }, { isInteractive }, { ingestCity }, refuseQueueMisuse] = await Promise.all([
      load.context(),
      load.runDisplay(),
      load.ingest(),
      queueMisuseCheck(options),
    ]);
    return runWithCore(
      { migrate: true, logs: isInteractive(options) ? 'quiet' : 'stderr', validate: refuseQueueMisuse, ...queueNeeds(options) },
      (core) => ingestCity(core, options),
    );
  });

  withRunOptions(
    program
      .command('batch')
      .description('run the pipeline for every city of a status (for cron)')
      .option('--status <status>', 'city status, any case: New, Test, Live or Archive', 'Live'),
  ).action(async (options: BatchOptions) => {
    const [{ runWithCore }, { isInteractive }, { batchCities }, { readStatus }, refuseQueueMisuse] = await Promise.all([
      load.context(),
      load.runDisplay(),
      load.ingest(),
      load.core(),
      queueMisuseCheck(options),
    ]);
    return runWithCore(
      {
        migrate: true,
        validate: () => {
          readStatus(options.status);
          refuseQueueMisuse();
        },
        logs: isInteractive(options) ? 'quiet' : 'stderr',
        ...queueNeeds(options),
      },
      (core) => batchCities(core, options),
    );
  });
}
