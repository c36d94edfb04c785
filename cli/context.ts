import { inCliWords } from './named-errors.js';
import {
  AppError,
  createCore,
  createLogger,
  createPorts,
  embeddedDatabaseExists,
  isAppError,
  isDatabaseGone,
  loadConfig,
  readEnvFile,
  type Config,
  type Core,
  type Ports,
} from '../core/index.js';
import { EXIT_PARTIAL_FAILURE, exitCodeFor } from './exit-codes.js';
import { terminalLogs } from './ui/log-relay.js';

export interface OutputOptions {
  json?: boolean;
}

/**
 * Runs one command: config, logger and core are made here and closed after, and every
 * failure becomes one readable line on stderr and an exit code, never a stack trace.
 */
export interface RunOptions {
  migrate?: boolean;
  /**
   * 'stderr': pino JSON lines on stderr at LOG_LEVEL (cron, --json). 'quiet': warnings and
   * errors only, for commands that print their own result or draw Ink progress (a live
   * display shows them as readable lines: cli/ui/log-relay.ts).
   */
  logs?: 'stderr' | 'quiet';
  /** Settings a command's own flags give, read as if they were environment variables (serve --port is PORT). */
  env?: Record<string, string>;
  /**
   * The command may create the database (`db migrate|seed|reset`, `serve`). Every other command
   * works on one that exists: where there is none (run from the wrong directory, a DATABASE_URL
   * naming an empty database) it stops, naming where it looked, and creates nothing, unless
   * the operator gave the global `--create`.
   */
  creates?: boolean;
  /** Checks of the command's own input, run before the configuration is read or anything is opened. */
  validate?: () => void;
  /**
   * The command uses the job queue (`civic worker`, `--queue`, ...), named here: on the embedded
   * database it refuses in one line before opening anything.
   */
  needsPostgres?: string;
}

let envFile: string | undefined;
let createAsked = false;

/** The global `--env-file <path>`; main.ts sets it before a command runs. */
export function useEnvFile(file: string | undefined): void {
  envFile = file;
}

/** The global `--create`: any command may make the database where there is none. */
export function allowCreate(create: boolean | undefined): void {
  createAsked = create === true;
}

/** The variables a command sees: the env file's (else ./.env's), under the real environment's, under the command's flags. */
function environment(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  const fromFile = envFile === undefined ? readEnvFile('.env', { optional: true }) : readEnvFile(envFile);
  return { ...fromFile, ...process.env, ...overrides };
}

const CREATE_HINT = 'civic db migrate, civic db seed or --create';

async function requireExistingData(config: Config): Promise<void> {
  if (config.databaseUrl || (await embeddedDatabaseExists(config.dataDir))) return;
  throw new AppError(
    'CONFIG',
    `No database in ${config.dataDir} (DATA_DIR): run civic where its data/ folder is, set DATA_DIR (also read from .env or --env-file), or create one with ${CREATE_HINT}`,
  );
}

/** Core's refusal of a database never migrated, with what the operator can do about it. */
function withCreateHint(error: unknown, onPostgres: boolean): unknown {
  const details = isAppError(error) ? (error.details as { unmigrated?: unknown } | undefined) : undefined;
  if (!isAppError(error) || typeof details?.unmigrated !== 'string') return error;
  const check = onPostgres ? ' (DATABASE_URL): check DATABASE_URL, or' : ':';
  return new AppError('CONFIG', `${error.message}${check} create them with ${CREATE_HINT}`, { cause: error });
}

export async function runWithCore(
  options: RunOptions,
  command: (core: Core) => Promise<number | void>,
): Promise<void> {
  let core: Core | undefined;
  let config: Config | undefined;
  let debug = false;
  let onPostgres = false;
  try {
    options.validate?.();
    config = loadConfig(environment(options.env));
    onPostgres = config.databaseUrl !== undefined;
    debug = config.logLevel === 'debug' || config.logLevel === 'trace';
    if (options.needsPostgres && !config.databaseUrl) throw new AppError('CONFIG', `${options.needsPostgres} needs PostgreSQL: set DATABASE_URL`);
    const mayCreate = options.creates === true || createAsked;
    if (!mayCreate) await requireExistingData(config);
    const quiet = (options.logs ?? 'quiet') === 'quiet';
    // Quiet commands may draw a live display, which takes the log lines while it is on screen.
    const logger = quiet
      ? createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel, destination: terminalLogs })
      : createLogger({ level: config.logLevel, destination: terminalLogs });
    core = await createCore({ config, logger, migrate: options.migrate ?? false, existing: !mayCreate });
    const code = await command(core);
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = reportError(holderGone(core, config, error) ?? withCreateHint(error, onPostgres), { stack: debug });
  } finally {
    await core?.close().catch(() => undefined);
  }
}

/**
 * A command working through the civic process that holds the embedded database loses it when
 * that process is killed (or stopped twice over): not a bug here, and nothing to debug, so one
 * line saying what happened and what to do, and exit 4 as for a database held elsewhere.
 */
function holderGone(core: Core | undefined, config: Config | undefined, error: unknown): AppError | undefined {
  const holder = core?.databaseAdmin.sharedBy;
  if (!holder || !config) return undefined;
  if (!isDatabaseGone(error)) return undefined;
  return new AppError(
    'DATABASE_UNAVAILABLE',
    `civic process ${holder}, which held the embedded database in ${config.dataDir}, went away while this command worked through it: run the command again; it resumes where this one stopped`,
    { cause: error, details: { heldBy: holder } },
  );
}

/**
 * One line for every failure. An unexpected one (a bug, not a condition core names) also gets
 * its stack at LOG_LEVEL=debug, so the operator can report where it broke.
 */
export function reportError(thrown: unknown, options: { stack?: boolean } = {}): number {
  const error = inCliWords(thrown);
  if (isAppError(error)) {
    process.stderr.write(`civic: ${error.message}\n`);
    return exitCodeFor(error.code, error.details);
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  if (options.stack && stack) {
    process.stderr.write(`civic: unexpected error: ${message}\n${stack}\n`);
  } else {
    process.stderr.write(`civic: unexpected error: ${message} (LOG_LEVEL=debug prints where)\n`);
  }
  return EXIT_PARTIAL_FAILURE;
}

export function printResult(result: unknown, human: string, options: OutputOptions): void {
  process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `${human}\n`);
}

/**
 * Runs a command that needs the adapters but no database (`civic analyze --file`): nothing is
 * opened or created under DATA_DIR, so it works anywhere, even read-only.
 */
export async function runWithPorts(command: (ports: Ports, config: Config) => Promise<number | void>): Promise<void> {
  let debug = false;
  try {
    const config = loadConfig(environment());
    debug = config.logLevel === 'debug' || config.logLevel === 'trace';
    const code = await command(createPorts(config), config);
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = reportError(error, { stack: debug });
  }
}
