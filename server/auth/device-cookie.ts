import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

export const DEVICE_COOKIE = 'tc.device';
/** Accounts one browser is remembered for (a shared family computer), newest first. */
const MAX_ACCOUNTS = 5;
const DEVICE_COOKIE_MS = 180 * 24 * 60 * 60_000;
/** A 16-byte nonce and an HMAC-SHA256, both base64url. */
const ENTRY = /^[\w-]{22}\.[\w-]{43}$/;

export interface DeviceCookies {
  /** Whether the request's device cookie shows a sign-in to this account (normalized email) before. */
  trusts(req: Request, email: string): boolean;
  /** After a sign-in: remembers the account in this browser's device cookie. */
  remember(req: Request, res: Response, email: string): void;
}

/**
 * OWASP's "device cookies": a browser that has signed in to an account carries proof of it,
 * so the account's password throttle (core/auth/password-guard.ts) does not slow its owner
 * down however many others guess at it. An entry is a random nonce and an HMAC of it with the
 * email under the session secret: it names no account, and cannot be made for one without a
 * sign-in. httpOnly, and sent to the auth routes only.
 */
export function createDeviceCookies(options: { secret: string; secure: boolean }): DeviceCookies {
  const sign = (email: string, nonce: string) =>
    // The secret also signs sessions and CSRF tokens: the prefix keeps these MACs apart from theirs.
    createHmac('sha256', options.secret).update(`device-cookie\0${email}\0${nonce}`).digest('base64url');

  function entriesOf(req: Request): string[] {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
    if (typeof value !== 'string') return [];
    return value.split('~').filter((entry) => ENTRY.test(entry)).slice(0, MAX_ACCOUNTS);
  }

  function provesAccount(entry: string, email: string): boolean {
    const [nonce = '', mac = ''] = entry.split('.');
    return timingSafeEqual(Buffer.from(mac), Buffer.from(sign(email, nonce)));
  }

  return {
    trusts: (req, email) => entriesOf(req).some((entry) => provesAccount(entry, email)),
    remember(req, res, email) {
      const others = entriesOf(req).filter((entry) => !provesAccount(entry, email));
      const nonce = randomBytes(16).toString('base64url');
      const value = [`${nonce}.${sign(email, nonce)}`, ...others].slice(0, MAX_ACCOUNTS).join('~');
      res.cookie(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/api/auth', maxAge: DEVICE_COOKIE_MS });
    },
  };
}
