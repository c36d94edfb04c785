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

describe('password normalisation', () => {
  // 'café' typed with a precomposed é (U+00E9) or with e + a combining acute accent (U+0301).
  const composed = 'caf\u00e9 au lait du matin';
  const decomposed = 'cafe\u0301 au lait du matin';

  it('accepts a password typed in composed or decomposed form alike', async () => {
    expect(composed).not.toBe(decomposed);
    const hash = await hashPassword(composed);
    expect(await verifyPassword(hash, decomposed)).toBe(true);
    expect(await verifyPassword(await hashPassword(decomposed), composed)).toBe(true);
    expect(await verifyPassword(hash, 'cafe au lait du matin')).toBe(false);
  });

  it('still verifies a hash made from the raw form before normalisation', async () => {
    const { hash } = await import('@node-rs/argon2');
    const legacy = await hash(decomposed);
    expect(await verifyPassword(legacy, decomposed)).toBe(true);
  });
});
