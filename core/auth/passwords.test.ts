import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery ')).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('enforces the length limits and treats a non-hash as a mismatch', async () => {
    await expect(hashPassword('1234567')).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Password must be at least 8 characters' });
    await expect(hashPassword('x'.repeat(1025))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await verifyPassword('not a hash', 'whatever1')).toBe(false);
  });
});
