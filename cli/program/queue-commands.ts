import type { Command } from 'commander';
import type { ScheduleAddOptions } from '../commands/schedule.js';
import type { WorkerCommandOptions } from '../commands/worker.js';
import { DEFAULT_WORKER_CONCURRENCY, parsePositiveInt, parseStages } from '../options.js';
import { JSON_HELP, load, noModule, runPrinting, STAGES_HELP } from './run-printing.js';

/** The job queue on PostgreSQL: `civic worker`, `civic queue status|retry` and `civic schedule add|list|remove`. */
export function declareQueueCommands(program: Command): void {

  program
    .command('worker')
    .description('take pipeline jobs from the queue until stopped (SIGTERM/SIGINT finish the jobs in hand); JSON log lines per job on stderr')
    .option('--concurrency <n>', `jobs worked on at once (default ${DEFAULT_WORKER_CONCURRENCY})`, parsePositiveInt(64))
    .option('--stages <list>', 'only the queues of these stages: discover,transcript,analysis,story,verify (default: all)', parseStages)
    // What a worker prints is machine-readable already; the flag every command takes is accepted (issue 26).
    .option('--json', 'JSON log lines (one per job event) on stderr and a one-line JSON summary on stdout: what a worker always prints')
    .action(async (options: WorkerCommandOptions) => {
      const [{ runWithCore }, { runWorkerCommand }] = await Promise.all([load.context(), load.worker()]);
      return runWithCore({ migrate: true, logs: 'stderr', needsPostgres: 'civic worker' }, (core) => runWorkerCommand(core, options));
    });

  const queueCommand = program.command('queue').description('the job queue: what waits, runs, failed or finished, and retries');

  queueCommand
    .command('status')
    .description('jobs waiting, active, failed and completed per stage and city')
    .option('--city <key>', 'only this city')
    .option('--json', JSON_HELP)
    .action((options: { city?: string; json?: boolean }) =>
      runPrinting(load.queue, { migrate: true, needsPostgres: 'civic queue' }, options, async (queue, core) => {
        const rows = await queue.queueStatus(core, options);
        return { data: rows, human: queue.describeQueueStatus(rows) };
      }),
    );

  queueCommand
    .command('retry')
    .description('put failed jobs back in the queue')
    .option('--failed', 'retry the failed jobs (required: only failed jobs are retried)')
    .option('--city <key>', 'only this city\'s jobs')
    .option('--json', JSON_HELP)
    .action((options: { failed?: boolean; city?: string; json?: boolean }) =>
      runPrinting(
        () => Promise.all([load.queue(), load.core()]),
        ([, { AppError }]) => ({
          migrate: true,
          needsPostgres: 'civic queue',
          validate: () => {
            if (!options.failed) throw new AppError('BAD_INPUT', 'civic queue retry needs --failed: only failed jobs are retried');
          },
        }),
        options,
        async ([queue], core) => {
          const result = await queue.retryFailedJobs(core, options);
          return { data: result, human: queue.describeRetry(result) };
        },
      ),
    );

  const schedule = program.command('schedule').description('batches on a timetable, started by the running workers (instead of crontab)');

  schedule
    .command('add')
    .description('add a schedule (--replace: replace one of that name): a batch of the cities of a status at each tick of a cron expression, in UTC')
    .requiredOption('--cron <expression>', 'five fields, minute hour day month weekday, in UTC, e.g. "0 3 * * *"')
    .option('--status <status>', 'city status, any case: New, Test, Live or Archive', 'Live')
    .option('--name <name>', 'the schedule\'s name (default: the status in lower case)')
    .option('--stages <list>', STAGES_HELP, parseStages)
    .option('--replace', 'replace the schedule of that name if there is one (refused otherwise)')
    .option('--json', JSON_HELP)
    .action((options: ScheduleAddOptions & { json?: boolean }) =>
      runPrinting(
        () => Promise.all([load.schedule(), load.core()]),
        ([schedule, { readStatus }]) => ({
          migrate: true,
          needsPostgres: 'civic schedule',
          validate: () => {
            readStatus(options.status);
            schedule.checkScheduleCron(options.cron);
          },
        }),
        options,
        async ([schedule], core) => {
          const entry = await schedule.addSchedule(core, options);
          return { data: entry, human: schedule.describeSchedule(entry) };
        },
      ),
    );

  schedule
    .command('list')
    .description('the schedules')
    .option('--json', JSON_HELP)
    .action((options: { json?: boolean }) =>
      runPrinting(load.schedule, { migrate: true, needsPostgres: 'civic schedule' }, options, async (schedule, core) => {
        const entries = await core.queue.listSchedules();
        return { data: entries, human: schedule.describeScheduleList(entries) };
      }),
    );

  schedule
    .command('remove')
    .description('remove a schedule by name')
    .argument('<name>', 'the name civic schedule list shows')
    .option('--json', JSON_HELP)
    .action((name: string, options: { json?: boolean }) =>
      runPrinting(noModule, { migrate: true, needsPostgres: 'civic schedule' }, options, async (_, core) => {
        await core.queue.removeSchedule(name);
        return { data: { removed: name }, human: `Removed schedule "${name}".` };
      }),
    );
}
