import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT, type Core } from '../../core/index.js';

export interface ServeOptions {
  port?: number;
  host?: string;
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
): Promise<void> {
  const webDist = fs.existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined;
  if (!webDist) core.logger.warn({ expected: WEB_DIST }, 'web app not built: serving the API only');
  // Express, passport and the routes (~20 MB) are loaded by the one command that serves.
  const { startServer } = await import('../../server/main.js');
  const running = await startServer(core, { port: options.port ?? core.config.port, host: options.host, webDist });
  onListening(running.url);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      core.logger.info({ signal }, 'shutting down');
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      running.close().then(resolve, (error: unknown) => {
        core.logger.warn({ err: error }, 'server did not close cleanly');
        resolve();
      });
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
}
