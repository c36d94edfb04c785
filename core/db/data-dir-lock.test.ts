import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, startTimeOf } from './data-dir-lock.js';

describe('the embedded database lock (DATA_DIR/db.lock)', () => {
  let dataDir: string;
  let other: ChildProcess;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-lock-'));
    // Another live process, standing for a holder.
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await once(other, 'spawn');
  });
  afterAll(async () => {
    other.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dataDir, 'db.lock');

  it('is taken, names this process and its start, and goes on release', async () => {
    const lock = await lockDataDir(dataDir);
    expect('release' in lock).toBe(true);
    const started = await startTimeOf(process.pid);
    expect(await fs.readFile(lockFile(), 'utf8')).toBe(started ? `${process.pid} ${started}` : String(process.pid));
    if ('release' in lock) await lock.release();
    await expect(fs.access(lockFile())).rejects.toThrow();
  });

  it('names the live process that holds it', async () => {
    await fs.writeFile(lockFile(), `${other.pid} ${(await startTimeOf(other.pid!)) ?? ''}`.trim());
    expect(await lockDataDir(dataDir)).toEqual({ holder: other.pid });
    await fs.rm(lockFile());
  });

  const takeovers: [string, () => Promise<string>][] = [['a process that has gone (killed, crashed)', async () => `${2 ** 22 + 12345}`]];
  // Start times come from /proc (Linux); elsewhere the pid is all there is.
  if (existsSync('/proc/self/stat')) takeovers.push(['a process whose pid now belongs to another program (a reboot, a container restart)', async () => `${other.pid} 1`]);
  it.each(takeovers)('is taken over from %s', async (_label, content) => {
    await fs.writeFile(lockFile(), await content());
    const lock = await lockDataDir(dataDir);
    expect('release' in lock).toBe(true);
    if ('release' in lock) await lock.release();
  });
});
