import { AppError, isAppError } from '../errors.js';
import { MASK, maskSecretParams } from './secret-params.js';

/**
 * Credentials that client libraries put into their own error text: the YouTube Data API key
 * travels in the query string (`?key=…`), so a failed request's message carries the whole
 * URL; an OpenAI key can come back in a proxy's echo of the Authorization header. Errors are
 * cleaned where they leave the adapter, so no message, log line, stored error or API answer
 * downstream ever holds the key.
 */
const REDACTED = MASK;

const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;

export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  // A key in a query string, whatever its value: gaxios and fetch name the full request URL.
  let out = maskSecretParams(text).replace(BEARER, `$1${REDACTED}`);
  for (const secret of secrets) {
    // A value this short would blank ordinary words; real keys are far longer.
    if (secret && secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * The error an adapter may let out: its message (and its causes' messages and stacks) with the
 * secrets removed. The library's own error objects are not kept as causes: they hold the
 * request (URL, headers) in fields a logger could one day print.
 */
export function redactError(error: unknown, secrets: readonly (string | undefined)[], depth = 0): Error {
  const clean = (text: string) => redactSecrets(text, secrets);
  const source = error instanceof Error ? error : new Error(String(error));
  const cause = source.cause !== undefined && depth < 4 ? redactError(source.cause, secrets, depth + 1) : undefined;
  const copy = isAppError(source)
    ? new AppError(source.code, clean(source.message), { details: source.details, ...(cause ? { cause } : {}) })
    : new Error(clean(source.message), cause ? { cause } : {});
  if (!isAppError(source)) copy.name = source.name;
  copy.stack = source.stack === undefined ? undefined : clean(source.stack);
  return copy;
}

/** Whether an error's message or stack, or a cause's, would change under redactSecrets. */
export function errorMentionsSecret(error: unknown, secrets: readonly (string | undefined)[], depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return typeof error === 'string' && redactSecrets(error, secrets) !== error;
  const texts = [error.message, error.stack ?? ''];
  if (texts.some((text) => redactSecrets(text, secrets) !== text)) return true;
  return error.cause !== undefined && errorMentionsSecret(error.cause, secrets, depth + 1);
}
