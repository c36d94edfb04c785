import { inCliWords } from './named-errors.js';
import { createCore, createLogger, createPorts, isAppError, loadConfig, type Config, type Core, type Ports } from '../core/index.js';
import { EXIT_PARTIAL_FAILURE, exitCodeFor } from './exit-codes.js';

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
   * errors only, for commands that print their own result or draw Ink progress.
   */
  logs?: 'stderr' | 'quiet';
  /** Settings a command's own flags give, read as if they were environment variables (serve --port is PORT). */
  env?: Record<string, string>;
}

export async function runWithCore(
  options: RunOptions,
  command: (core: Core) => Promise<number | void>,
): Promise<void> {
  let core: Core | undefined;
  try {
    const config = loadConfig({ ...process.env, ...options.env });
    const quiet = (options.logs ?? 'quiet') === 'quiet';
    const logger = createLogger({ level: quiet ? (config.logLevel === 'info' ? 'warn' : config.logLevel) : config.logLevel });
    core = await createCore({ config, logger, migrate: options.migrate ?? false });
    const code = await command(core);
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = reportError(error);
  } finally {
    await core?.close().catch(() => undefined);
  }
}

export function reportError(thrown: unknown): number {
  const error = inCliWords(thrown);
  if (isAppError(error)) {
    process.stderr.write(`civic: ${error.message}\n`);
    return exitCodeFor(error.code);
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`civic: unexpected error: ${message}\n`);
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
  try {
    const config = loadConfig();
    const code = await command(createPorts(config), config);
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = reportError(error);
  }
}
