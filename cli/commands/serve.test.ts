import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
