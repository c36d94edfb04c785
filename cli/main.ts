import { Command } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import type { Core } from '../core/index.js';
import type { RunOptions } from './context.js';
import type { BatchOptions, IngestOptions } from './commands/ingest.js';
import type { AnalyzeOptions } from './commands/analyze.js';
import type { CityFlags } from './commands/city.js';
import type { ProcessVideoOptions, VideoCommand } from './commands/process-video.js';
import type { SourceAddOptions } from './commands/source.js';
import type { UserAddOptions } from './commands/user.js';
import type { SearchCommandOptions } from './commands/search.js';
import type { ServeOptions } from './commands/serve.js';
import type { VideoShowOptions } from './commands/video.js';
import type { ScheduleAddOptions } from './commands/schedule.js';
import type { WorkerCommandOptions } from './commands/worker.js';
import { EXIT_USAGE } from './exit-codes.js';
import { DEFAULT_WORKER_CONCURRENCY, parseDate, parsePositiveInt, parseStages, parseUsd } from './options.js';

/**
 * Each command's module, and core with it, is imported when that command runs: `civic --help`
 * and a usage error load only commander (the compiled CLI keeps each in its own chunk).
 */
const load = {
  context: () => import('./context.js'),
  runDisplay: () => import('./run-display.js'),
  core: () => import('../core/index.js'),
  analyze: () => import('./commands/analyze.js'),
  city: () => import('./commands/city.js'),
  confirm: () => import('./confirm.js'),
  db: () => import('./commands/db.js'),
  ingest: () => import('./commands/ingest.js'),
  processVideo: () => import('./commands/process-video.js'),
  report: () => import('./commands/report.js'),
  search: () => import('./commands/search.js'),
  serve: () => import('./commands/serve.js'),
  source: () => import('./commands/source.js'),
  user: () => import('./commands/user.js'),
  video: () => import('./commands/video.js'),
  queue: () => import('./commands/queue.js'),
  schedule: () => import('./commands/schedule.js'),
  worker: () => import('./commands/worker.js'),
};

/** What a command prints: `data` as JSON with --json, else the `human` words. */
interface Printed {
  data: unknown;
  human: string;
}

/**
 * The action of most commands: load the command's module(s) next to the CLI context, open core
 * with `run` (given the loaded modules when its checks need them) and print what `work` returns.
 */
async function runPrinting<M>(
  loadModule: () => Promise<M>,
  run: RunOptions | ((loaded: M) => RunOptions),
  options: { json?: boolean },
  work: (loaded: M, core: Core) => Promise<Printed>,
): Promise<void> {
  const [{ runWithCore, printResult }, loaded] = await Promise.all([load.context(), loadModule()]);
  return runWithCore(typeof run === 'function' ? run(loaded) : run, async (core) => {
    const { data, human } = await work(loaded, core);
    printResult(data, human, options);
  });
}

/** For a command whose work needs core alone. */
const noModule = async (): Promise<null> => null;

/** The `civic` program. Declares commands only; each command's work lives in cli/commands/. */
export const program = new Command('civic')
  .version(pkg.version)
  .description('Town Crier: turn local-government meeting videos into transcripts, verified analyses and news stories')
  .option('--env-file <path>', 'read settings (DATA_DIR, keys, ...) from this dotenv file instead of ./.env; the environment still wins')
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(text) })
  .exitOverride((error) => {
    // commander's own usage errors (unknown option, missing argument) exit 2 like ours.
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  })
  .hook('preAction', async (command) => (await load.context()).useEnvFile(command.opts<{ envFile?: string }>().envFile));

const db = program.command('db').description('manage the database schema and demo data');

db.command('migrate')
  .description('apply pending migrations')
  .option('--json', 'print the result as JSON')
  .action((options: { json?: boolean }) =>
    runPrinting(load.db, {}, options, async (db, core) => {
      const report = await db.migrateDatabase(core);
      return { data: report, human: db.describeMigration(report) };
    }),
  );

db.command('seed')
  .description('migrate, then load the demo cities, sources and business directory from fixtures/')
  .option('--json', 'print the result as JSON')
  .action((options: { json?: boolean }) =>
    runPrinting(load.db, {}, options, async (db, core) => {
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
    runPrinting(load.db, {}, options, async (db, core) => {
      const report = await db.resetDatabase(core, options);
      const human = `Reset: dropped ${report.dropped.length} and applied ${report.applied.length} migration(s)` +
        (report.seeded ? `\n${db.describeSeed(report.seeded)}` : '');
      return { data: report, human };
    }),
  );

const STAGES_HELP = 'comma-separated stages: discover,transcript,analysis,story,verify (default: all)';
const JSON_HELP = 'print the result as JSON';
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
  .option('--queue', QUEUE_HELP)
  .action(async (options: IngestOptions) => {
    const [{ runWithCore }, { isInteractive }, { ingestCity }, refuseQueueMisuse] = await Promise.all([
      load.context(),
      load.runDisplay(),
      load.ingest(),
      queueMisuseCheck(options),
    ]);
    return runWithCore(
      { migrate: true, needsData: true, logs: isInteractive(options) ? 'quiet' : 'stderr', validate: refuseQueueMisuse, ...queueNeeds(options) },
      (core) => ingestCity(core, options),
    );
  });

program
  .command('batch')
  .description('run the pipeline for every city of a status (for cron)')
  .option('--status <status>', 'city status, any case: New, Test, Live or Archive', 'Live')
  .option('--since <date>', 'only videos published on or after this date (YYYY-MM-DD)', parseDate)
  .option('--limit <n>', 'only the newest N videos', parsePositiveInt(100_000))
  .option('--stages <list>', STAGES_HELP, parseStages)
  .option('--concurrency <n>', 'videos worked on at once per stage (default 4)', parsePositiveInt(64))
  .option('--max-cost <usd>', 'stop starting model calls once the run has spent this much', parseUsd)
  .option('--force', 'redo stages already done')
  .option('--dry-run', 'show what would be done, change nothing')
  .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
  .option('--queue', QUEUE_HELP)
  .action(async (options: BatchOptions) => {
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
        needsData: true,
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

// ------------------------------------------------------------------ the job queue (PostgreSQL)

program
  .command('worker')
  .description('take pipeline jobs from the queue until stopped (SIGTERM/SIGINT finish the jobs in hand); JSON log lines per job on stderr')
  .option('--concurrency <n>', `jobs worked on at once (default ${DEFAULT_WORKER_CONCURRENCY})`, parsePositiveInt(64))
  .option('--stages <list>', 'only the queues of these stages: discover,transcript,analysis,story,verify (default: all)', parseStages)
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
  .description('add (or replace) a schedule: a batch of the cities of a status at each tick of a cron expression, in UTC')
  .requiredOption('--cron <expression>', 'five fields, minute hour day month weekday, in UTC, e.g. "0 3 * * *"')
  .option('--status <status>', 'city status, any case: New, Test, Live or Archive', 'Live')
  .option('--name <name>', 'the schedule\'s name (default: the status in lower case)')
  .option('--stages <list>', STAGES_HELP, parseStages)
  .option('--json', JSON_HELP)
  .action((options: ScheduleAddOptions & { json?: boolean }) =>
    runPrinting(
      () => Promise.all([load.schedule(), load.core()]),
      ([, { readStatus }]) => ({ migrate: true, needsPostgres: 'civic schedule', validate: () => readStatus(options.status) }),
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

// ------------------------------------------------------------------ cities and sources

/** The city form's optional fields, shared by `city add` and `city update`. */
function withCityFields(command: Command): Command {
  return command
    .option('--state <state>', 'US state: 2-letter code or name (add: required)')
    .option('--key <key>', 'location key for URLs (add: default from name and state, e.g. fairview-ca)')
    .option('--description <text>', 'description shown on the city page')
    .option('--tag-line <text>', 'tag line under the city name')
    .option('--domain <domain>', "the city's web domain")
    .option('--primary-color <#RRGGBB>', 'primary colour (default #3B82F6)')
    .option('--secondary-color <#RRGGBB>', 'secondary colour (default #1E40AF)')
    .option('--icon <icon>', 'icon name or URL')
    .option('--image-url <url>', 'banner image URL')
    .option('--status <status>', 'New, Test, Live or Archive (add: default New)')
    .option('--json', JSON_HELP);
}

const city = program.command('city').description('add, list, show, update and remove cities');

withCityFields(
  city.command('add').description('add a city').option('--name <name>', 'city name (required)').option('--county <county>', 'county (required)'),
).action((options: CityFlags) =>
  runPrinting(load.city, { migrate: true }, options, async (city, core) => {
    const created = await city.addCity(core, options);
    return { data: created, human: city.describeCity(created, 'Created') };
  }),
);

city
  .command('list')
  .description('list the cities with their source and video counts')
  .option('--status <status>', 'only cities of this status: New, Test, Live or Archive')
  .option('--json', JSON_HELP)
  .action((options: { status?: string; json?: boolean }) =>
    runPrinting(load.city, { migrate: true }, options, async (city, core) => {
      const cities = await city.listCities(core, options);
      return { data: cities, human: city.describeCityList(cities) };
    }),
  );

city
  .command('show <key>')
  .description("a city's details, sources and how far its videos have come")
  .option('--json', JSON_HELP)
  .action((key: string, options: { json?: boolean }) =>
    runPrinting(load.city, { migrate: true }, options, async (city, core) => {
      const details = await city.showCity(core, key);
      return { data: details, human: city.describeCityDetails(details) };
    }),
  );

city
  .command('remove <key>')
  .description('remove a city with its videos, transcripts, analyses, stories and the sources only it uses')
  .option('--yes', 'confirm without being asked (for scripts)')
  .option('--json', JSON_HELP)
  .action((key: string, options: { yes?: boolean; json?: boolean }) =>
    runPrinting(() => Promise.all([load.city(), load.confirm()]), { migrate: true }, options, async ([city, { terminalConfirm }], core) => {
      const removed = await city.removeCity(core, key, options, terminalConfirm(options));
      return { data: removed, human: city.describeCityRemoval(removed, 'Removed') };
    }),
  );

withCityFields(
  city.command('update <key>').description('change fields of a city').option('--name <name>', 'city name').option('--county <county>', 'county'),
).action((key: string, options: CityFlags) =>
  runPrinting(load.city, { migrate: true }, options, async (city, core) => {
    const updated = await city.updateCity(core, key, options);
    return { data: updated, human: city.describeCity(updated, 'Updated') };
  }),
);

const source = program.command('source').description("add, list and remove a city's source URLs");

source
  .command('add')
  .description('add a source URL to a city (a YouTube channel, playlist or video for video sources)')
  .requiredOption('--city <key>', "the city's location key")
  .requiredOption('--url <url>', 'the address (fixture:<key> for the offline demo videos)')
  .option('--title <title>', 'a name for the source')
  .option('--source-type <type>', 'city, county, school_district, school, state or other (default city)')
  .option('--content-type <type>', 'site, video, text, file or other (default: video for video-site addresses, else site)')
  .option('--entity-type <type>', 'who publishes it, e.g. City Council (default Unknown)')
  .option('--json', JSON_HELP)
  .action((options: SourceAddOptions) =>
    runPrinting(load.source, { migrate: true }, options, async (source, core) => {
      const added = await source.addSource(core, options);
      return { data: added, human: source.describeAddedSource(added) };
    }),
  );

source
  .command('list')
  .description("a city's sources with their video counts and last discovery")
  .requiredOption('--city <key>', "the city's location key")
  .option('--json', JSON_HELP)
  .action((options: { city: string; json?: boolean }) =>
    runPrinting(load.source, { migrate: true }, options, async (source, core) => {
      const listed = await source.listSources(core, options);
      return { data: listed, human: source.describeSourceList(listed) };
    }),
  );

source
  .command('remove <id-or-url>')
  .description('remove a source, named by its id or its address in any form (its videos stay)')
  .option('--yes', 'confirm the removal')
  .option('--json', JSON_HELP)
  .action((id: string, options: { yes?: boolean; json?: boolean }) =>
    runPrinting(load.source, { migrate: true }, options, async (source, core) => {
      const removed = await source.removeSource(core, id, options);
      return { data: removed, human: source.describeRemovedSource(removed) };
    }),
  );

// ------------------------------------------------------------------ videos

const video = program.command('video').description('look at videos');

video
  .command('show [video]')
  .description("one video (our id, the YouTube id or a link) in detail with its story, or with --city a city's newest videos")
  .option('--city <key>', "list this city's videos with their stage status")
  .option('--limit <n>', 'how many videos to list (default 20)', parsePositiveInt(10_000))
  .option('--transcript', 'also print the transcript, each segment with its time')
  .option('--json', JSON_HELP)
  .action(async (target: string | undefined, options: VideoShowOptions, command: Command) => {
    const [{ runWithCore, printResult }, video] = await Promise.all([load.context(), load.video()]);
    const problem = video.videoShowUsageProblem(target, options);
    if (problem) return command.error(`error: ${problem}`);
    return runWithCore({ migrate: true }, async (core) => {
      const result = await video.showVideo(core, target, options);
      printResult(video.presentVideoShow(result), video.describeVideoShow(result), options);
    });
  });

async function runVideoCommand(name: VideoCommand, target: string, options: ProcessVideoOptions): Promise<void> {
  const [{ runWithCore }, { isInteractive }, { processVideo }] = await Promise.all([load.context(), load.runDisplay(), load.processVideo()]);
  return runWithCore({ migrate: true, logs: isInteractive(options) ? 'quiet' : 'stderr' }, (core) => processVideo(core, name, target, options));
}

program
  .command('transcript <video>')
  .description("fetch and store one video's transcript")
  .option('--force', 'fetch again, replacing a stored (even hand-edited) transcript')
  .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
  .action((target: string, options: ProcessVideoOptions) => runVideoCommand('transcript', target, options));

program
  .command('analyze [video]')
  .description("analyse one stored video's transcript, or with --file a transcript file (no database needed)")
  .option('--file <path>', 'a transcript file: WebVTT, SRT, JSON segments or plain text')
  .option('--story', 'with --file: also write the news story')
  .option('--title <title>', 'with --file: the meeting title (default: from the file name)')
  .option('--force', 'with a video: analyse again although an analysis is stored')
  .option('--json', 'print the result as JSON')
  .action(async (target: string | undefined, options: AnalyzeOptions, command: Command) => {
    const analyze = await load.analyze();
    const problem = analyze.analyzeUsageProblem(target, options);
    if (problem) return command.error(`error: ${problem}`);
    const { file } = options;
    if (file) {
      const { runWithPorts, printResult } = await load.context();
      return runWithPorts(async (ports) => {
        const result = await analyze.analyzeFile(ports, { ...options, file });
        printResult(result, analyze.describeFileAnalysis(result), options);
      });
    }
    return runVideoCommand('analyze', target ?? '', options);
  });

program
  .command('story <video>')
  .description("write one analysed video's news story")
  .option('--force', 'write it again although a story is stored')
  .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
  .action((target: string, options: ProcessVideoOptions) => runVideoCommand('story', target, options));

// ------------------------------------------------------------------ search

program
  .command('search <query>')
  .description('search meeting titles, descriptions and transcripts: each hit with its time and a link to that moment')
  .option('--city <key>', 'only this city (any letter case)')
  .option('--limit <n>', 'at most N videos (default and maximum 50)', parsePositiveInt(50))
  .option('--sort <order>', 'date (newest first, the default) or relevance')
  .option('--json', JSON_HELP)
  .addHelpText('after', '\nA query starting with "-" (a word to exclude) goes after --, which ends the options:\n  civic search --city fairview-ca -- -budget')
  .action((query: string, options: SearchCommandOptions) =>
    runPrinting(load.search, { migrate: true, needsData: true }, options, ({ searchVideos }, core) => searchVideos(core, query, options)),
  );

// ------------------------------------------------------------------ reports and users

program
  .command('report')
  .description('per city: videos through each stage, failures, model calls and cost per meeting')
  .option('--city <key>', 'only this city')
  .option('--failures', 'list every failed stage with its whole reason, not only the latest')
  .option('--since <days>', 'model calls, tokens and cost of the last N days only (default: all)', parsePositiveInt(36_500))
  .option('--json', JSON_HELP)
  .action((options: { city?: string; failures?: boolean; since?: number; json?: boolean }) =>
    runPrinting(load.report, { migrate: true, needsData: true }, options, async ({ buildReport, describeFailures, describeReport }, core) => {
      const report = await buildReport(core, options);
      return { data: report, human: options.failures ? describeFailures(report) : describeReport(report) };
    }),
  );

const user = program.command('user').description('manage accounts');

user
  .command('add')
  .description('create (or find) an account with a confirmed email, optionally an admin')
  .requiredOption('--email <email>', 'the email address')
  .option('--admin', 'grant the admin role')
  .option('--password-stdin', 'set the password read from stdin (at least 8 characters)')
  .option('--json', JSON_HELP)
  .action((options: UserAddOptions) =>
    runPrinting(load.user, { migrate: true }, options, async ({ addUser, describeAddedUser }, core) => {
      const added = await addUser(core, options);
      return { data: added, human: describeAddedUser(added) };
    }),
  );

program
  .command('serve')
  .description('run the web site and its API (migrates first; serves web/dist when built); logs go to stderr')
  .option('--port <n>', 'port to listen on (default: PORT or 3000)', parsePositiveInt(65_535))
  .option('--host <host>', 'interface to listen on (default: all)')
  .option('--schedule <cron>', 'also run the batch inside the server at these times (cron: "15 2 * * *" nightly at 02:15; six fields for seconds)')
  .option('--status <status>', 'with --schedule: the status of the cities the batch takes, any case (default Live)')
  // --port is PORT for the whole configuration: without PUBLIC_URL, links in emails name it too.
  .action(async (options: ServeOptions) => {
    const [{ runWithCore }, { readSchedule, serve }] = await Promise.all([load.context(), load.serve()]);
    return runWithCore(
      { migrate: true, logs: 'stderr', validate: () => void readSchedule(options), env: options.port === undefined ? {} : { PORT: String(options.port) } },
      (core) => serve(core, options),
    );
  });

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  await program.parseAsync([...argv]);
}
