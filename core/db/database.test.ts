import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

describe('the embedded database lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-lock-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a second process out of a data directory that is in use', async () => {
    // Our parent (the vitest main process) is alive: it stands in for another civic process.
    await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: expect.stringMatching(/in use by another civic process \(pid \d+\)/),
    });
  });

  it('takes over the lock of a process that died, and lets go of it on close', async () => {
    await fs.writeFile(path.join(dataDir, 'db.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    expect(await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();
  }, 60_000);
});
