import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { civic, civicEnv, freePort, ROOT, run, startServe } from './support/civic.js';

export interface E2eContext {
  baseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

const ADMIN = { email: 'e2e-admin@fairview.example', password: 'e2e admin password, not secret' };

/**
 * Once per run: build the site, seed a fresh embedded database in a temporary DATA_DIR, run the
 * pipeline on the demo city, add an admin through the CLI, and start `civic serve` on it. The
 * embedded database is one process's: everything the CLI writes happens before the server starts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-e2e-'));
  const port = await freePort();
  const env = civicEnv(dataDir, port);
  await civic(['db', 'seed', '--json'], env);
  await civic(['ingest', '--city', 'fairview-ca', '--json'], env);
  await civic(['user', 'add', '--email', ADMIN.email, '--admin', '--password-stdin', '--json'], env, ADMIN.password);
  const server = await startServe(env, port);
  project.provide('e2e', { baseUrl: server.url, dataDir, admin: ADMIN });
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
