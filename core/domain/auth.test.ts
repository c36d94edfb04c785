import { describe, expect, it } from 'vitest';
import { isValidOtpCode, OTP_CODE_LENGTH, signInAnswerSchema, signUpAnswerSchema } from './auth.js';

describe('one-time code rule (spec §5, §9)', () => {
  it('accepts exactly 6 ASCII digits', () => {
    expect(OTP_CODE_LENGTH).toBe(6);
    expect(isValidOtpCode('012345')).toBe(true);
  });

  it.each(['', '12345', '1234567', '12a456', '123 45', ' 123456', '１２３４５６', '12345\n'])('refuses %j', (code) => {
    expect(isValidOtpCode(code)).toBe(false);
  });
});

describe('auth answers', () => {
  it('reads the sign-up answer the server sends for every address', () => {
    expect(signUpAnswerSchema.parse({ user: null, needsConfirmation: true })).toEqual({ user: null, needsConfirmation: true });
    expect(signUpAnswerSchema.safeParse({ needsConfirmation: 'yes' }).success).toBe(false);
  });

  it('needs the user and a CSRF token after a sign-in', () => {
    const user = { id: 'u1', email: 'a@example.org', email_confirmed_at: null };
    expect(signInAnswerSchema.parse({ user, csrfToken: 't' }).user.id).toBe('u1');
    expect(signInAnswerSchema.safeParse({ user, csrfToken: '' }).success).toBe(false);
  });
});
