import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { realFixtures, realFixturesSkipped } from './real-fixtures.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrate an embedded database once per test run and hand its dump to every test file:
 * starting PGlite from a dump takes a fraction of a fresh initdb plus migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Once per run, not once per skipped test; with REQUIRE_REAL_FIXTURES=1 this throws and the run fails.
  if (!realFixtures()) process.stdout.write(`${realFixturesSkipped()}\n`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-test-'));
  const database = await openDatabase({ dataDir: dir });
  await migrateToLatest(database.db);
  if (!database.dump) throw new Error('The template database must be PGlite');
  const dump = await database.dump();
  await database.close();
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
