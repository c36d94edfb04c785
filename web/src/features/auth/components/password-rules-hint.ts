import { MIN_PASSWORD_LENGTH } from '@domain/auth.js';

/** Under every new-password field (sign-up, reset): core/auth/password-strength.ts's rules, in short. */
export const PASSWORD_RULES_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; not a common password or your email address.`;
