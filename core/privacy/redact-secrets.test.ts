import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { errorMentionsSecret, redactError, redactSecrets } from './redact-secrets.js';

const KEY = 'AIzaFAKE-recognisable-0007';

describe('redactSecrets', () => {
  it('blanks a key in a query string whatever its value, and a bearer token', () => {
    expect(redactSecrets('GET https://x.test/v3/videos?id=a&key=anything-at-all&part=s failed', [])).toBe(
      'GET https://x.test/v3/videos?id=a&key=[redacted]&part=s failed',
    );
    expect(redactSecrets('echo: Authorization: Bearer sk-abc.def', [])).toBe('echo: Authorization: Bearer [redacted]');
  });

  it('blanks a known key wherever it appears, as an HTML error page echoing it would show it', () => {
    expect(redactSecrets(`<p>Bad request for ${KEY}</p>`, [KEY])).toBe('<p>Bad request for [redacted]</p>');
  });

  it('leaves ordinary words alone when a configured value is too short to be a key', () => {
    expect(redactSecrets('the test failed', ['test'])).toBe('the test failed');
  });
});

describe('redactError', () => {
  it('keeps the code and details of an AppError and cleans its causes, dropping the library objects', () => {
    const library = Object.assign(new Error(`request to https://x.test/?key=${KEY} failed`), { config: { url: `https://x.test/?key=${KEY}` } });
    const error = new AppError('UPSTREAM', `Could not reach it: ${library.message}`, { cause: library, details: { status: 502 } });
    const clean = redactError(error, [KEY]);
    expect(clean).toMatchObject({ code: 'UPSTREAM', details: { status: 502 }, message: 'Could not reach it: request to https://x.test/?key=[redacted] failed' });
    expect(clean.cause).not.toHaveProperty('config');
    expect(errorMentionsSecret(error, [KEY])).toBe(true);
    expect(errorMentionsSecret(clean, [KEY])).toBe(false);
  });
});
