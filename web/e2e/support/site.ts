import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { civic, civicEnv, freePort, ROOT, run, startServe } from './civic.js';

export interface RunningSite {
  url: string;
  dataDir: string;
  /** Stops the server and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Builds web/dist with vite (the site `civic serve` serves), as `make build` does: in production
 * mode. Vitest sets NODE_ENV=test, which the build would otherwise inherit and turn into React's
 * development build (StrictMode's double mounts and effects): not the site people get.
 */
export async function buildSite(): Promise<void> {
  await run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * The demo site as `make demo` makes it, in a temporary DATA_DIR: a fresh embedded database,
 * seeded, the demo city's meetings through the pipeline, the given accounts added through the
 * CLI, then `civic serve` on a free port. The embedded database belongs to one process at a
 * time, so everything the CLI writes happens before the server starts.
 */
export interface SiteOptions {
  admins?: { email: string; password: string }[];
  /** Accounts without the admin role (confirmed, with a password). */
  members?: { email: string; password: string }[];
  /** More environment for every `civic` (the fake YouTube's base URLs). */
  env?: Record<string, string>;
  /** More CLI work on the seeded database before the server starts (it holds the database once up). */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-site-'));
  try {
    const port = await freePort();
    const env = { ...civicEnv(dataDir, port), ...options.env };
    await civic(['db', 'seed', '--json'], env);
    await civic(['ingest', '--city', 'fairview-ca', '--json'], env);
    for (const admin of options.admins ?? []) {
      await civic(['user', 'add', '--email', admin.email, '--admin', '--password-stdin', '--json'], env, admin.password);
    }
    for (const member of options.members ?? []) {
      await civic(['user', 'add', '--email', member.email, '--password-stdin', '--json'], env, member.password);
    }
    await options.prepare?.(env);
    const server = await startServe(env, port);
    return {
      url: server.url,
      dataDir,
      stop: async () => {
        await server.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
