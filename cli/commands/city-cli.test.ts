import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCivic } from '../testing/run-civic.js';

// Through the real launcher, as an operator runs it: exit codes and one-line errors.
describe('civic city (child process)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-city-cli-'));
    expect((await runCivic(['db', 'migrate'], { DATA_DIR: dataDir })).code).toBe(0);
  }, 90_000);
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('exits 2 with one readable line for an unknown city', async () => {
    const result = await runCivic(['city', 'show', 'nowhere-ca'], { DATA_DIR: dataDir });
    expect(result.stderr.trim().split('\n')).toEqual(['civic: Unknown city "nowhere-ca" (civic city list shows the cities)']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  }, 90_000);

  it('exits 2 on a usage error before opening the database', async () => {
    const result = await runCivic(['video', 'show'], { DATA_DIR: path.join(dataDir, 'unused') });
    expect(result.stderr).toMatch(/^error: missing a video id/);
    expect(result.code).toBe(2);
    await expect(fs.access(path.join(dataDir, 'unused'))).rejects.toThrow();
  }, 60_000);

  it.each([
    [['video', 'show'], "error: missing a video id (ours or the YouTube id), or --city <key> to list a city's videos", 'civic video show'],
    [['ingest', '--limit', 'many'], "error: option '--limit <n>' argument 'many' is invalid. expected a whole number from 1 to 100000", 'civic ingest'],
    [['city', 'frobnicate'], "error: unknown command 'frobnicate'", 'civic city'],
  ])('answers the usage error %j in one line and where the help is, not the whole help', async (args, line, command) => {
    const result = await runCivic(args, { DATA_DIR: path.join(dataDir, 'unused') });
    expect(result.stderr.trimEnd().split('\n')).toEqual([line, `(see ${command} --help)`]);
    expect(result.code).toBe(2);
  }, 60_000);

  it('refuses city add without --state, and removes a city only with --yes when no terminal can confirm', async () => {
    const env = { DATA_DIR: dataDir };
    const noState = await runCivic(['city', 'add', '--name', 'Minneapolis', '--county', 'Hennepin County'], env);
    expect(noState.stderr.trim().split('\n')).toEqual(['civic: city add needs --state: the US state as a 2-letter code or its name (e.g. --state MN)']);
    const nothing = await runCivic(['city', 'add', '--tag-line', 'Lakes'], { DATA_DIR: path.join(dataDir, 'unused') });
    // Every missing option at once, before the database is opened.
    expect(nothing.stderr).toBe('civic: city add needs --name, --county and --state; --state is the US state as a 2-letter code or its name (e.g. --state MN)\n');
    expect(nothing.code).toBe(2);
    expect(noState.code).toBe(2);

    const added = await runCivic(['city', 'add', '--name', 'Minneapolis', '--county', 'Hennepin County', '--state', 'MN'], env);
    expect(added.stdout).toMatch(/^Created city minneapolis-mn: Minneapolis, MN/);

    const unconfirmed = await runCivic(['city', 'remove', 'minneapolis-mn'], env);
    expect(unconfirmed.stderr.trim().split('\n')).toEqual([
      'civic: This removes city minneapolis-mn (Minneapolis, MN) with 0 source links, 0 videos, 0 transcripts (0 segments), 0 analyses, 0 stories; run again with --yes to confirm',
    ]);
    expect(unconfirmed.code).toBe(2);

    const removed = await runCivic(['city', 'remove', 'minneapolis-mn', '--yes'], env);
    expect({ code: removed.code, stderr: removed.stderr }).toEqual({ code: 0, stderr: '' });
    expect(removed.stdout).toMatch(/^Removed city minneapolis-mn \(Minneapolis, MN\) with 0 source link/);
    expect((await runCivic(['city', 'list', '--json'], env)).stdout.trim()).toBe('[]');
  }, 120_000);
});
