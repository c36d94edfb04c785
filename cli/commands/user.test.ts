import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore } from '../../core/testing/test-core.js';
import { runCivic } from '../testing/run-civic.js';
import { addUser, describeAddedUser, readPassword } from './user.js';

describe('readPassword', () => {
  it('reads all of stdin less one trailing line break', async () => {
    expect(await readPassword(Readable.from(['correct ', 'horse\n']))).toBe('correct horse');
    expect(await readPassword(Readable.from(['pass word\r\n']))).toBe('pass word');
    expect(await readPassword(Readable.from(['  spaced  \n\n']))).toBe('  spaced  \n');
  });

  it('refuses a terminal (it would wait for EOF and echo the password)', async () => {
    const tty = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readPassword(tty)).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/piped password/) });
  });
});

describe.each(TEST_ENGINES)('civic user add on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
  });
  afterEach(async () => {
    await core.close();
  });

  it('creates an admin with a password from stdin and says so without the hash', async () => {
    const added = await addUser(core, { email: 'Clerk@Fairview.example.gov', admin: true, passwordStdin: true }, Readable.from(['a long passphrase\n']));
    expect(added).toMatchObject({ email: 'clerk@fairview.example.gov', role: 'Administrator', passwordSet: true });
    expect(JSON.stringify(added)).not.toMatch(/argon2/);
    expect(describeAddedUser(added)).toBe(`Created user ${added.id} <clerk@fairview.example.gov>: Administrator, password set`);

    const found = await addUser(core, { email: 'clerk@fairview.example.gov' }, Readable.from([]));
    expect(describeAddedUser(found)).toBe(`Found user ${added.id} <clerk@fairview.example.gov>: Administrator, password set`);
    await expect(addUser(core, { email: 'not-an-email' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe.each(TEST_ENGINES)('civic user add over an unconfirmed sign-up on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
  });
  afterEach(async () => {
    await core.close();
  });

  it("says it discarded the stranger's credentials before confirming", async () => {
    await core.auth.signUp({ email: 'clerk@fairview.example.gov', password: 'the stranger knows this' });
    await core.auth.settle();
    const added = await addUser(core, { email: 'clerk@fairview.example.gov', admin: true }, Readable.from([]));
    expect(added.credentialsReset).toBe(true);
    expect(describeAddedUser(added).split('\n')).toEqual([
      `Found user ${added.id} <clerk@fairview.example.gov>: Administrator, no password (signs in by email code)`,
      'The address had an unconfirmed sign-up: its password, pending confirmation links and codes were discarded and its sessions ended before confirming it.',
    ]);
    await expect(core.auth.signInWithPassword('clerk@fairview.example.gov', 'the stranger knows this')).rejects.toThrow('Invalid login credentials');
  });
});

describe('civic user add (child process)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-user-cli-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('exits 2 with the reasons for a weak admin password', async () => {
    const result = await runCivic(['user', 'add', '--email', 'clerk@fairview.example.gov', '--admin', '--password-stdin', '--create'], { DATA_DIR: dataDir }, undefined, 'password1\n');
    expect(result.stderr.trim()).toBe('civic: Password is too weak: it must not be a commonly used password.');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  }, 90_000);
});
