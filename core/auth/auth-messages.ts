import {
  CREDENTIALS_REQUIRED_MESSAGE,
  INVALID_CODE_FORMAT_MESSAGE,
  INVALID_CONFIRMATION_MESSAGE,
  INVALID_RESET_MESSAGE,
} from '../domain/auth.js';

/** Messages the auth screens show as they are (spec §8 and the auth library's wording). */
export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';
export const INVALID_CODE = 'Token has expired or is invalid';
export const INVALID_CODE_FORMAT = INVALID_CODE_FORMAT_MESSAGE;
export const CREDENTIALS_REQUIRED = CREDENTIALS_REQUIRED_MESSAGE;
export const INVALID_CONFIRMATION = INVALID_CONFIRMATION_MESSAGE;
export const INVALID_RESET = INVALID_RESET_MESSAGE;
