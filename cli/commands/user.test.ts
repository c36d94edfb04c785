import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore } from '../../core/testing/test-core.js';
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
