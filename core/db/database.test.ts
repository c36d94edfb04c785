import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { prepared } from './prepared.js';

describe('the embedded database lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-lock-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('waits, saying so once, for a live holder that does not let it in, then gives up naming it', async () => {
    // Our parent (the vitest main process) is alive: it stands in for another civic process
    // that holds the database and serves nobody (no socket in DATA_DIR/share).
    await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.ppid));
    const said: string[] = [];
    await expect(openDatabase({ dataDir, waitMs: 600, onWait: (message) => said.push(message) })).rejects.toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: `The embedded database in ${dataDir} is in use by another civic process (pid ${process.ppid}), which did not let this one in; stop it first, or use PostgreSQL (DATABASE_URL) to run several at once`,
      details: { heldBy: process.ppid },
    });
    expect(said).toEqual([`The embedded database in ${dataDir} is held by civic process ${process.ppid}, which does not share it yet: waiting up to 1 s`]);
    expect(await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that died, and lets go of it on close', async () => {
    await fs.writeFile(path.join(dataDir, 'db.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    // Its pid, and when this process started (where /proc says).
    expect(await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    await database.close();
    await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();
  }, 60_000);
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: TEST_DATABASE_URL!, dataDir: '', poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
  });

  const preparedNames = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(database.db)).rows.map((row) => row.name);

  it('prepares a marked statement once per connection and runs it by name with new values', async () => {
    const before = await preparedNames();
    const plusOne = (n: number) => prepared(sql<{ x: number }>`select ${n}::int + 1 as x`).execute(database.db);
    expect((await plusOne(1)).rows).toEqual([{ x: 2 }]);
    expect((await plusOne(41)).rows).toEqual([{ x: 42 }]);
    const added = (await preparedNames()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^tc_[0-9a-f]{40}$/);
    // An unmarked statement is not kept.
    await sql`select ${1}::int as y`.execute(database.db);
    expect(await preparedNames()).toEqual([...before, ...added].sort());
  });

  it('opens other pools whose connections start with their settings, and closes them with the database', async () => {
    const other = await openDatabase({ databaseUrl: TEST_DATABASE_URL!, dataDir: '', poolSize: 1 });
    const pool = other.openPool!({ max: 1, settings: { enable_seqscan: 'off', default_transaction_read_only: 'on' } });
    const settings = await sql<{ seqscan: string; readonly: string }>`
      select current_setting('enable_seqscan') as seqscan, current_setting('default_transaction_read_only') as readonly`.execute(pool);
    expect(settings.rows).toEqual([{ seqscan: 'off', readonly: 'on' }]);
    await expect(sql`create temporary table t (x int)`.execute(pool)).rejects.toThrow(/read-only transaction/);
    expect((await sql<{ seqscan: string }>`select current_setting('enable_seqscan') as seqscan`.execute(other.db)).rows).toEqual([{ seqscan: 'on' }]);
    await other.close();
    await expect(sql`select 1`.execute(pool)).rejects.toThrow();
  });
});
