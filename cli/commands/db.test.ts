import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../core/db/migrate.js';
import { createTestDatabase } from '../../core/testing/test-database.js';
import { reportError } from '../context.js';
import { runCivic } from '../testing/run-civic.js';

describe('civic db', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-cli-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds an embedded database, then reports it up to date', async () => {
    const env = { DATA_DIR: dataDir };
    const seeded = await runCivic(['db', 'seed', '--json'], env);
    expect(seeded.stderr).toBe('');
    expect(seeded.code).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ cities: 3, migrations: expect.arrayContaining(['0001_create_cities']) });

    const again = await runCivic(['db', 'migrate'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already up to date/);
  }, 60_000);

  it('refuses to reset without --yes and changes nothing', async () => {
    const result = await runCivic(['db', 'reset'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^civic: This deletes every row .* --yes/)]);
  }, 60_000);

  it.each([
    ['a DATABASE_URL that is not PostgreSQL (a setting to fix: 2)', 'mysql://root@127.0.0.1/test', 2, /^civic: Invalid configuration: DATABASE_URL: must start with postgres:\/\//],
    // Not a typo: cron must tell "the server is down, retry" from "fix the command line".
    ['an unreachable server (5)', 'postgres://nobody@127.0.0.1:1/civic', 5, /^civic: Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/civic: .*ECONNREFUSED/],
  ])('prints one readable line and its own exit code for %s', async (_label, url, code, message) => {
    const result = await runCivic(['db', 'migrate'], { DATA_DIR: dataDir, DATABASE_URL: url });
    expect(result.code).toBe(code);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('exits 2 on an unknown command', async () => {
    const result = await runCivic(['db', 'frobnicate'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'frobnicate'/);
  }, 60_000);
});

describe('a failing migration', () => {
  it('stops with one line naming the migration and rolls the whole batch back', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-migrations-'));
    await fs.writeFile(
      path.join(folder, '0001_create_things.ts'),
      `import { sql } from 'kysely';\nexport async function up(db) { await sql\`create table things (id int)\`.execute(db); }\n`,
    );
    await fs.writeFile(
      path.join(folder, '0002_break_things.ts'),
      `import { sql } from 'kysely';\nexport async function up(db) { await sql\`alter table nothing add column x int\`.execute(db); }\n`,
    );
    const database = await createTestDatabase('pglite', { empty: true });
    try {
      const failure = await migrateToLatest(database.db, folder).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'MIGRATION_FAILED', message: expect.stringMatching(/^Migration 0002_break_things failed: .*nothing/) });

      const stderr: string[] = [];
      const write = process.stderr.write;
      process.stderr.write = ((chunk: string) => stderr.push(chunk) > 0) as typeof process.stderr.write;
      const code = reportError(failure);
      process.stderr.write = write;
      expect(code).toBe(2);
      expect(stderr).toEqual([expect.stringMatching(/^civic: Migration 0002_break_things failed: [^\n]*\n$/)]);

      // Kysely runs a batch in one transaction, so PostgreSQL's transactional DDL undoes 0001 too.
      const applied = await database.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      expect(applied).toEqual([]);
      await expect(database.db.selectFrom('things' as never).selectAll().execute()).rejects.toThrow(/does not exist/);
    } finally {
      await database.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
