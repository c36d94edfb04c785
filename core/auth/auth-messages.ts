import {
  CREDENTIALS_REQUIRED_MESSAGE,
  INVALID_CODE_FORMAT_MESSAGE,
  INVALID_CONFIRMATION_MESSAGE,
  INVALID_RESET_MESSAGE,
} from '../domain/auth.js';

/** Messages the auth screens show as they are (spec §8 and the auth library's wording). */
export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const INVALID_CODE = 'Token has expired or is invalid';
export const INVALID_CODE_FORMAT = INVALID_CODE_FORMAT_MESSAGE;
export const CREDENTIALS_REQUIRED = CREDENTIALS_REQUIRED_MESSAGE;
export const INVALID_CONFIRMATION = INVALID_CONFIRMATION_MESSAGE;
/** Password sign-ins for one address from new devices are being slowed (password-throttle.ts). */
export const TOO_MANY_PASSWORD_ATTEMPTS =
  'Too many failed password sign-ins for this email address. Sign in with an email code instead, or try your password again in a few minutes.';
export const INVALID_RESET = INVALID_RESET_MESSAGE;
