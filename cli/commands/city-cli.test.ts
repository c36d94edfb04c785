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
  });
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
});
