import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/index.js';
import { createScratchDatabase, TEST_DATABASE_URL } from '../testing/queue-harness.js';
import { runCivic } from '../testing/run-civic.js';

// Run from the wrong place, a command refuses to start a new database; told to, it makes one.
describe('civic where there is no database yet (child process)', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-missing-db-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('creates it with the global --create, wherever the flag is given', async () => {
    const cwd = await fs.mkdtemp(path.join(root, 'create-'));
    const added = await runCivic(['city', 'add', '--name', 'Minneapolis', '--state', 'MN', '--county', 'Hennepin County', '--create'], {}, cwd);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(await fs.readdir(path.join(cwd, 'data'))).toContain('db');
    const listed = await runCivic(['city', 'list', '--json'], {}, cwd);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ location_key: 'minneapolis-mn' })]);
  }, 90_000);

  it('refuses an embedded database that was never migrated, and says how to make it one', async () => {
    const dataDir = await fs.mkdtemp(path.join(root, 'bare-'));
    // What an interrupted first start leaves: PGlite's files, none of our tables.
    await (await openDatabase({ dataDir })).close();
    const refused = await runCivic(['city', 'list'], { DATA_DIR: dataDir });
    expect(refused.stderr).toBe(`civic: PGlite at ${path.join(dataDir, 'db')} has no Town Crier tables: create them with civic db migrate, civic db seed or --create\n`);
    expect(refused.code).toBe(2);
  }, 90_000);

  it('still lets db migrate create it', async () => {
    const cwd = await fs.mkdtemp(path.join(root, 'migrate-'));
    const migrated = await runCivic(['db', 'migrate'], {}, cwd);
    expect(migrated.code).toBe(0);
    expect((await runCivic(['city', 'list', '--json'], {}, cwd)).stdout.trim()).toBe('[]');
  }, 90_000);
});

describe.skipIf(!TEST_DATABASE_URL)('civic on a PostgreSQL database never migrated (child process)', () => {
  it('refuses in one line naming the database, creates no table, and --create migrates it', async () => {
    const database = await createScratchDatabase(TEST_DATABASE_URL!);
    const data = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-unmigrated-'));
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: data };
      const name = new URL(database.url).pathname;
      const refused = await runCivic(['city', 'list'], env);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^civic: PostgreSQL at .*${name} has no Town Crier tables \\(DATABASE_URL\\): check DATABASE_URL, or create them with civic db migrate, civic db seed or --create$`)),
      ]);
      expect(refused.code).toBe(2);
      const tables = await database.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema = 'public'`);
      expect(Number(tables[0]?.n)).toBe(0);

      const created = await runCivic(['city', 'list', '--json', '--create'], env);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout.trim()).toBe('[]');
    } finally {
      await database.drop();
      await fs.rm(data, { recursive: true, force: true });
    }
  }, 120_000);
});
