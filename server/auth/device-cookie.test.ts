import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie.js';

/** A browser's cookie jar for the one cookie, as requests carry it and responses set it. */
function browser() {
  let value: string | undefined;
  const req = () => ({ cookies: value === undefined ? {} : { [DEVICE_COOKIE]: value } }) as unknown as Request;
  const options: unknown[] = [];
  const res = {
    cookie: (name: string, set: string, cookieOptions: unknown) => {
      if (name === DEVICE_COOKIE) value = set;
      options.push(cookieOptions);
    },
  } as unknown as Response;
  return { req, res, options, value: () => value, set: (next: string) => (value = next) };
}

describe('device cookies', () => {
  const devices = createDeviceCookies({ secret: 'a'.repeat(64), secure: true });

  it('trust a browser for the accounts it signed in to, and only those', () => {
    const jar = browser();
    expect(devices.trusts(jar.req(), 'ana@example.org')).toBe(false);
    devices.remember(jar.req(), jar.res, 'ana@example.org');
    devices.remember(jar.req(), jar.res, 'ben@example.org');
    expect(devices.trusts(jar.req(), 'ana@example.org')).toBe(true);
    expect(devices.trusts(jar.req(), 'ben@example.org')).toBe(true);
    expect(devices.trusts(jar.req(), 'cy@example.org')).toBe(false);
    // The cookie names no account, and is for the auth routes' eyes only.
    expect(jar.value()).not.toContain('example');
    expect(jar.options.at(-1)).toMatchObject({ httpOnly: true, secure: true, sameSite: 'lax', path: '/api/auth' });
  });

  it('refuse entries made without the secret, and keep a few accounts at most', () => {
    const jar = browser();
    devices.remember(jar.req(), jar.res, 'ana@example.org');
    const other = createDeviceCookies({ secret: 'b'.repeat(64), secure: true });
    const forged = browser();
    other.remember(forged.req(), forged.res, 'ana@example.org');
    expect(devices.trusts(forged.req(), 'ana@example.org')).toBe(false);
    jar.set(`${jar.value()}~garbage~${'x'.repeat(500)}`);
    expect(devices.trusts(jar.req(), 'ana@example.org')).toBe(true);

    for (let i = 0; i < 6; i += 1) devices.remember(jar.req(), jar.res, `user${i}@example.org`);
    expect(devices.trusts(jar.req(), 'user5@example.org')).toBe(true);
    expect(devices.trusts(jar.req(), 'ana@example.org')).toBe(false);
    expect(jar.value()?.split('~')).toHaveLength(5);
  });
});
