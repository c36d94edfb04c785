import { describe, expect, it } from 'vitest';
import { passwordWeaknesses, weakPasswordMessage } from './password-strength.js';

describe('passwordWeaknesses', () => {
  it('accepts a reasonable passphrase', () => {
    expect(passwordWeaknesses('paper lanterns at dusk', 'ada@example.org')).toEqual([]);
    expect(passwordWeaknesses('Tq7#mV2p', 'ada@example.org')).toEqual([]);
  });

  it('refuses short, common, sequential and repetitive passwords', () => {
    expect(passwordWeaknesses('abc', undefined)).toContain('be at least 8 characters long');
    for (const common of ['password', 'Password2024!', 'p@ssw0rd', '12345678', 'qwertyuiop', 'iloveyou1']) {
      expect(passwordWeaknesses(common), common).toContain('not be a commonly used password');
    }
    expect(passwordWeaknesses('aaaaaaaaaaaa')).toContain('use more than three different characters');
  });

  it('refuses a password containing the email name', () => {
    expect(passwordWeaknesses('Margaret-1999', 'margaret@example.org')).toContain('not contain your email address');
  });

  it('lists every reason in one message', () => {
    expect(weakPasswordMessage(['be at least 8 characters long', 'not be a commonly used password'])).toBe(
      'Password is too weak: it must be at least 8 characters long and not be a commonly used password.',
    );
  });
});
