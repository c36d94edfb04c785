import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCivic } from '../testing/run-civic.js';

// As cron runs it: the real launcher, a bare environment, a working directory of its own.
describe('civic under cron (child process)', () => {
  let root: string;
  let seeded: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-cron-'));
    seeded = path.join(root, 'seeded');
    expect((await runCivic(['db', 'seed'], { DATA_DIR: seeded })).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it.each([
    [['batch', '--json']],
    [['ingest', '--city', 'fairview-ca', '--json']],
    [['report']],
    [['search', 'budget']],
    // Not only the runs: lists and additions made a new ./data wherever they were run (issue 26).
    [['city', 'list']],
    [['city', 'add', '--name', 'Minneapolis', '--state', 'MN', '--county', 'Hennepin County']],
    [['source', 'list', '--city', 'fairview-ca']],
    [['user', 'add', '--email', 'admin@example.org', '--admin']],
    [['video', 'show', 'fvCC2026a01']],
  ])('%j in a directory without a database says where it looked, exits 2 and creates nothing', async (args) => {
    const elsewhere = await fs.mkdtemp(path.join(root, 'elsewhere-'));
    const result = await runCivic(args, {}, elsewhere);
    expect(result.stderr.trim().split('\n')).toEqual([
      `civic: No database in ${path.join(elsewhere, 'data')} (DATA_DIR): run civic where its data/ folder is, set DATA_DIR (also read from .env or --env-file), or create one with civic db migrate, civic db seed or --create`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(await fs.readdir(elsewhere)).toEqual([]);
  }, 60_000);

  it('refuses an unknown batch status in one line naming the valid ones, before opening anything', async () => {
    const unused = path.join(root, 'unused');
    const result = await runCivic(['batch', '--status', 'Active'], { DATA_DIR: unused });
    expect(result.stderr).toBe('civic: Unknown status "Active": one of New, Test, Live, Archive\n');
    expect(result.code).toBe(2);
    await expect(fs.access(unused)).rejects.toThrow();
  }, 60_000);

  it('reads DATA_DIR from ./.env, from --env-file instead, and lets the environment win over both', async () => {
    const cwd = await fs.mkdtemp(path.join(root, 'cwd-'));
    await fs.writeFile(path.join(cwd, '.env'), `# cron reads this\nDATA_DIR=${seeded}\n`);
    const fromDotEnv = await runCivic(['batch', '--status', 'archive'], {}, cwd);
    // The seeded database was found (no city is archived there): not "No database".
    expect(fromDotEnv.stderr.split('\n')[0]).toBe("civic: no city has status Archive: nothing to process (civic city list shows each city's status)");
    expect(fromDotEnv.code).toBe(3);

    const envFile = path.join(cwd, 'civic.env');
    await fs.writeFile(envFile, `DATA_DIR=${path.join(root, 'not-there')}\n`);
    const fromFlag = await runCivic(['report', '--env-file', envFile], {}, cwd);
    expect(fromFlag.stderr).toContain(`No database in ${path.join(root, 'not-there')} `);
    expect(fromFlag.code).toBe(2);

    const overridden = await runCivic(['--env-file', envFile, 'report', '--json'], { DATA_DIR: seeded }, cwd);
    expect(overridden.code).toBe(0);
    expect(JSON.parse(overridden.stdout)).toMatchObject({ cities: expect.any(Array) });
  }, 90_000);

  it('waits DB_WAIT_SECONDS, saying so, for a holder of the embedded database that does not share it, then exits 4 in one line', async () => {
    const busy = path.join(root, 'busy');
    // A database is there (the file PGlite leaves in its folder), held by another process.
    await fs.mkdir(path.join(busy, 'db'), { recursive: true });
    await fs.writeFile(path.join(busy, 'db', 'PG_VERSION'), '17\n');
    // This test's own process is alive: its pid in the lock is a live holder, serving nobody.
    await fs.writeFile(path.join(busy, 'db.lock'), String(process.pid));
    const result = await runCivic(['city', 'list'], { DATA_DIR: busy, DB_WAIT_SECONDS: '1' });
    const [waiting, ...rest] = result.stderr.trim().split('\n');
    expect(JSON.parse(waiting ?? '')).toMatchObject({
      level: 40,
      msg: `The embedded database in ${busy} is held by civic process ${process.pid}, which does not share it yet: waiting up to 1 s`,
    });
    expect(rest).toEqual([expect.stringMatching(/^civic: The embedded database in .* is in use by another civic process \(pid \d+\), which did not let this one in/)]);
    expect(result.code).toBe(4);
  }, 60_000);

  it('prints the batch summary as one JSON line and logs ISO times on stderr', async () => {
    const result = await runCivic(['batch', '--status', 'live', '--stages', 'discover', '--json'], { DATA_DIR: seeded });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0] ?? '') as { runId: string; cities: string[] };
    expect(summary.cities.length).toBeGreaterThan(0);
    const logs = result.stderr.trim().split('\n').map((line) => JSON.parse(line) as { time: string; runId?: string; city?: string; msg: string });
    const discovered = logs.filter((line) => line.msg === 'source discovered');
    expect(discovered.length).toBeGreaterThan(0);
    for (const line of discovered) expect(line).toMatchObject({ runId: summary.runId, city: expect.any(String) });
    for (const line of logs) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }, 90_000);
});
