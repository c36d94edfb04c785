import { INVALID_CONFIRMATION_MESSAGE } from '../domain/auth.js';

/** Messages the auth screens show as they are (spec §8 and the auth library's wording). */
export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';
export const INVALID_CODE = 'Token has expired or is invalid';
export const INVALID_CODE_FORMAT = 'Please enter a valid 6-digit code';
export const CREDENTIALS_REQUIRED = 'You must provide either an email or phone number and a password';
export const INVALID_CONFIRMATION = INVALID_CONFIRMATION_MESSAGE;
