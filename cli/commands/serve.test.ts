import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CIVIC_BIN, freePort } from '../testing/run-civic.js';
import type { Core } from '../../core/index.js';
import { createTestCore } from '../../core/testing/test-core.js';
import { serve } from './serve.js';

describe('civic serve', () => {
  let core: Core;
  beforeAll(async () => {
    core = await createTestCore('pglite');
  });
  afterAll(async () => {
    await core?.close();
  });

  it('serves the API until a signal stops it', async () => {
    const signals = new EventEmitter();
    let url = '';
    const listening = new Promise<void>((resolve) => {
      void serve(core, { port: 0, host: '127.0.0.1' }, signals, (address) => {
        url = address;
        resolve();
      }).then(() => signals.emit('stopped'));
    });
    await listening;
    const res = await fetch(`${url}/api/auth/session`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    const stopped = new Promise((resolve) => signals.once('stopped', resolve));
    signals.emit('SIGTERM', 'SIGTERM');
    await stopped;
    await expect(fetch(`${url}/api/auth/session`)).rejects.toThrow();
  });
});

describe('civic serve --port (child process)', () => {
  it('listens on this machine only unless HOST says otherwise, and names its port in the links of emails when PUBLIC_URL is not set', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-serve-port-'));
    const port = await freePort();
    const child = spawn(process.execPath, [CIVIC_BIN, 'serve', '--port', String(port)], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '3999' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      // A fresh data dir: the child creates and migrates its database first (slow on a loaded machine).
      await vi.waitFor(() => expect(stderr).toContain('server listening'), { timeout: 100_000, interval: 100 });
      expect(stderr).toContain(`"publicUrl":"http://localhost:${port}"`);
      // Node's default is every interface ("::"): a demo's printed admin password would be the network's.
      expect(stderr).toContain(`"url":"http://127.0.0.1:${port}","address":"127.0.0.1"`);
      expect((await fetch(`http://127.0.0.1:${port}/api/auth/session`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
