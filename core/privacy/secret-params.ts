/**
 * Query parameters that carry a secret or an address: confirmation and reset links, sign-in
 * codes, API keys, signed URLs. One rule for every place a URL can be written down (request
 * logs, an adapter's error text), so a new kind of link is masked everywhere or nowhere.
 */
export const MASK = '[redacted]';

// A name ending in one of these is a secret whatever comes before it (accessToken, client_secret,
// X-Amz-Signature, new_password).
const SECRET_ENDINGS = ['token', 'secret', 'signature', 'password', 'passwd'];
// These are secrets as the whole name or its last part after a separator (api_key, apikey,
// otp-code, confirm), but not at the end of any word: a `cityKey` or `zipcode` is no secret.
const SECRET_WORDS = new Set(['confirm', 'reset', 'code', 'otp', 'key', 'apikey', 'sig', 'email']);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Whether a query parameter of this name (as written in a URL, maybe percent-encoded) is masked. */
export function isSecretParamName(name: string): boolean {
  const lower = decodedName(name).trim().toLowerCase();
  if (SECRET_ENDINGS.some((ending) => lower.endsWith(ending))) return true;
  const lastPart = lower.split(/[^a-z0-9]+/).filter(Boolean).at(-1) ?? '';
  return SECRET_WORDS.has(lastPart);
}

// `name=value` after `?`, `&` or `;`, the value running to the next separator, fragment or
// whitespace/quote (URLs quoted inside error messages). Linear: no nested quantifiers.
const PARAM = /([?&;])([^=&#;?\s"'<>]+)=([^&#;\s"'<>]*)/g;

/**
 * Addresses whose path holds a capability token (issue 27): an alert's unsubscribe link and a
 * saved search's private feed. Whoever reads the token can use it, so logs never keep it.
 */
const PATH_TOKEN = /(\/alerts\/unsubscribe\/|\/feeds\/search\/)[\w%-]+/g;

/** `text` (a URL, or a message quoting URLs) with the value of every secret-bearing parameter, and every path token, masked. */
export function maskSecretParams(text: string): string {
  return text
    .replace(PARAM, (whole, separator: string, name: string) => (isSecretParamName(name) ? `${separator}${name}=${MASK}` : whole))
    .replace(PATH_TOKEN, (_whole, prefix: string) => `${prefix}${MASK}`);
}
