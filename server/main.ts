import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, type Core } from '../core/index.js';
import { createApp, type AppOptions } from './app.js';

export interface StartServerOptions extends AppOptions {
  port: number;
  /** The interface: `civic serve` passes HOST (127.0.0.1 unless set); Node's default, all of them, otherwise. */
  host?: string | undefined;
  /** How often expired sessions and personal data are deleted (hourly; tests use less). */
  housekeepingIntervalMs?: number | undefined;
}

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting connections, finishes requests in flight (up to 10 s), stops housekeeping. */
  close(): Promise<void>;
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
const CLOSE_GRACE_MS = 10_000;

/**
 * At start and hourly: expired sessions go, and so does the personal data the privacy page
 * says is not kept (codes, unconfirmed accounts, old analytics). The timer never keeps the
 * process alive; close() stops it.
 */
function startHousekeeping(core: Core, intervalMs: number): NodeJS.Timeout {
  const run = () => {
    core.sessions.prune().then(
      (removed) => {
        if (removed > 0) core.logger.debug({ removed }, 'expired sessions removed');
      },
      (error: unknown) => core.logger.warn({ err: error }, 'session pruning failed'),
    );
    core.privacy.expire().then(
      (removed) => core.logger.debug({ removed }, 'expired personal data deleted'),
      (error: unknown) => core.logger.warn({ err: error }, 'deleting expired personal data failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return timer;
}

/** How to reach the interface from this machine: a wildcard one is reached at localhost. */
function urlHost(host: string | undefined): string {
  if (host === undefined || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Listens with the app over `core`; the caller owns core and closes it after `close()`. */
export async function startServer(core: Core, options: StartServerOptions): Promise<RunningServer> {
  const app = createApp(core, options);
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new AppError('CONFIG', `Port ${options.port} is already in use: choose another with --port or PORT`)
          : error,
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${urlHost(options.host)}:${address.port}`;
  core.logger.info({ url, address: address.address, publicUrl: core.config.publicUrl, webDist: options.webDist ?? null }, 'server listening');

  const timer = startHousekeeping(core, options.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS);

  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(timer);
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close((error) => {
          clearTimeout(force);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
