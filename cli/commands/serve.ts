import fs from 'node:fs';
import path from 'node:path';
import { AppError, PACKAGE_ROOT, readStatus, type CityStatus, type Core } from '../../core/index.js';
import { CronError, parseCron, type CronSchedule } from '../schedule/cron-expression.js';
import { startScheduledBatches, type Clock } from '../schedule/scheduled-batches.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** A cron expression: run the batch inside the server at those times. */
  schedule?: string;
  /** The status of the cities the scheduled batch takes (Live by default). */
  status?: string;
}

/** The schedule serve was given, checked (a bad expression or status is a usage error); none without --schedule. */
export function readSchedule(options: ServeOptions): { schedule: CronSchedule; status: CityStatus } | undefined {
  if (options.schedule === undefined) {
    if (options.status !== undefined) throw new AppError('BAD_INPUT', '--status goes with --schedule: it names the cities the scheduled batch takes');
    return undefined;
  }
  let schedule: CronSchedule;
  try {
    schedule = parseCron(options.schedule);
  } catch (error) {
    if (!(error instanceof CronError)) throw error;
    throw new AppError('BAD_INPUT', `Bad --schedule: ${error.message} (e.g. "15 2 * * *" is nightly at 02:15)`);
  }
  return { schedule, status: readStatus(options.status ?? 'Live') };
}

/** What stops the server: the process's signals (tests pass an emitter). */
export type SignalSource = Pick<NodeJS.EventEmitter, 'on' | 'off'>;

/** The built web app, when `npm run build` (vite) has made it. */
export const WEB_DIST = path.join(PACKAGE_ROOT, 'web/dist');

/**
 * `civic serve`: the API and, when built, the web app, until SIGINT or SIGTERM. Core (already
 * migrated by the caller) is closed by the caller once this returns.
 */
export async function serve(
  core: Core,
  options: ServeOptions,
  signals: SignalSource = process,
  onListening: (url: string) => void = (url) => process.stderr.write(`Town Crier is running at ${url}\n`),
  clock?: Clock,
): Promise<void> {
  const scheduled = readSchedule(options);
  const webDist = fs.existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined;
  if (!webDist) core.logger.warn({ expected: WEB_DIST }, 'web app not built: serving the API only');
  // Express, passport and the routes (~20 MB) are loaded by the one command that serves.
  const { startServer } = await import('../../server/main.js');
  const running = await startServer(core, {
    port: options.port ?? core.config.port,
    host: options.host ?? core.config.host,
    webDist,
    // A person reads this terminal (make demo): a sentence, not a JSON log line.
    notice: (sentence) => process.stderr.write(`${sentence}\n`),
  });
  onListening(running.url);
  const batches = scheduled && startScheduledBatches(core, { ...scheduled, ...(clock ? { clock } : {}) });
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      core.logger.info({ signal }, 'shutting down');
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      // A scheduled run in flight finishes the work it began before the server stops.
      Promise.resolve(batches?.stop())
        .then(() => running.close())
        .then(resolve, (error: unknown) => {
        core.logger.warn({ err: error }, 'server did not close cleanly');
        resolve();
      });
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
}
