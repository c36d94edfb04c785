import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, type Core } from '../core/index.js';
import { createApp, type AppOptions } from './app.js';

export interface StartServerOptions extends AppOptions {
  port: number;
  /** Defaults to all interfaces. */
  host?: string | undefined;
}

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting connections, finishes requests in flight (up to 10 s), stops housekeeping. */
  close(): Promise<void>;
}

const PRUNE_INTERVAL_MS = 60 * 60_000;
const CLOSE_GRACE_MS = 10_000;

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
  const url = `http://${options.host ?? 'localhost'}:${address.port}`;
  core.logger.info({ url, webDist: options.webDist ?? null }, 'server listening');

  const pruneSessions = () => {
    core.sessions.prune().then(
      (removed) => {
        if (removed > 0) core.logger.debug({ removed }, 'expired sessions removed');
      },
      (error: unknown) => core.logger.warn({ err: error }, 'session pruning failed'),
    );
  };
  pruneSessions();
  const timer = setInterval(pruneSessions, PRUNE_INTERVAL_MS);
  timer.unref();

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
