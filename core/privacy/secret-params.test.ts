import { describe, expect, it } from 'vitest';
import { isSecretParamName, maskSecretParams } from './secret-params.js';

describe('secret-bearing query parameters', () => {
  it('are the issue list and their usual spellings', () => {
    const secret = ['confirm', 'token', 'code', 'password', 'key', 'secret', 'signature', 'reset', 'email', 'api_key', 'apikey', 'apiKey', 'access_token', 'refreshToken', 'client_secret', 'X-Amz-Signature', 'new-password', 'otp', 'sig', '%63onfirm', 'CONFIRM'];
    const plain = ['cityKey', 'zipcode', 'q', 'page', 'sort', 't', 'status', 'city', 'keyword', 'codec', 'resets'];
    expect(secret.filter((name) => !isSecretParamName(name))).toEqual([]);
    expect(plain.filter((name) => isSecretParamName(name))).toEqual([]);
  });

  it('are masked in URLs and in messages that quote them, other parameters kept', () => {
    expect(maskSecretParams('/auth?confirm=abc_DEF-123&next=%2F')).toBe('/auth?confirm=[redacted]&next=%2F');
    expect(maskSecretParams('/api/auth/confirm?token=abc&x=1')).toBe('/api/auth/confirm?token=[redacted]&x=1');
    expect(maskSecretParams('/search?q=budget&cityKey=fairview-ca&page=2')).toBe('/search?q=budget&cityKey=fairview-ca&page=2');
    expect(maskSecretParams('GET https://www.googleapis.com/youtube/v3/search?part=id&key=AIzaSECRET failed')).toBe(
      'GET https://www.googleapis.com/youtube/v3/search?part=id&key=[redacted] failed',
    );
    expect(maskSecretParams('/a?reset=r1;signature=s2&email=ada%40example.org#frag')).toBe('/a?reset=[redacted];signature=[redacted]&email=[redacted]#frag');
    expect(maskSecretParams('"https://x.example/p?token=t0k3n"')).toBe('"https://x.example/p?token=[redacted]"');
    expect(maskSecretParams('/api/cities')).toBe('/api/cities');
  });

  it('are masked however the value is written, empty and repeated too', () => {
    expect(maskSecretParams('/auth?confirm=&confirm=two&confirm=%00three')).toBe('/auth?confirm=[redacted]&confirm=[redacted]&confirm=[redacted]');
    expect(maskSecretParams('/auth?x=1&%63onfirm=hidden')).toBe('/auth?x=1&%63onfirm=[redacted]');
  });

  it('masks the tokens in alert unsubscribe and private feed addresses (issue 27)', () => {
    expect(maskSecretParams('POST /api/alerts/unsubscribe/abcDEF_123-xyz')).toBe('POST /api/alerts/unsubscribe/[redacted]');
    expect(maskSecretParams('GET /feeds/search/abcDEF_123-xyz.atom')).toBe('GET /feeds/search/[redacted].atom');
    expect(maskSecretParams('GET /feeds/city/riverton.atom')).toBe('GET /feeds/city/riverton.atom');
  });
});
