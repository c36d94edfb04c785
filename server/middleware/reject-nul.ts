import type { RequestHandler } from 'express';
import { AppError } from '../../core/index.js';

/**
 * The NUL character (U+0000) is refused in every text the API accepts: PostgreSQL cannot store
 * it in text or jsonb (the insert fails, which used to surface as a 500), and no form has a use
 * for it. Checked once here for every path, query string and JSON body, so no route can forget.
 */
export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

type IssuePath = (string | number)[];

/** The path of the first string (value or object key) holding NUL, or undefined when there is none. */
export function findNul(value: unknown): IssuePath | undefined {
  // An explicit stack rather than recursion: a 2 MB body of nested arrays must not overflow it.
  const stack: [unknown, IssuePath][] = [[value, []]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => stack.push([child, [...path, index]]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return [...path, key];
        stack.push([child, [...path, key]]);
      }
    }
  }
  return undefined;
}

function refusal(where: string, path: IssuePath): AppError {
  const message = path.length > 0 ? `${NUL_MESSAGE}: ${where} field ${path.join('.')}` : `${NUL_MESSAGE}: ${where}`;
  return new AppError('BAD_INPUT', message, { details: [{ code: 'custom', path, message: NUL_MESSAGE }] });
}

/** A BAD_INPUT error when `value` holds NUL anywhere (`where` names it: "body", "query"), else undefined. */
export function nulRefusal(value: unknown, where: string): AppError | undefined {
  const path = findNul(value);
  return path ? refusal(where, path) : undefined;
}

// Percent-decoding is the only way a NUL reaches a path parameter (the HTTP parser refuses a raw one).
const ENCODED_NUL = /%00/i;

/** The URL: its path (before routing decodes parameters) and its parsed query string. */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  next(ENCODED_NUL.test(req.path) ? refusal('URL path', []) : nulRefusal(req.query, 'query'));
};

/** A parsed body (JSON, or a multipart form's text fields); mount after the body parser. */
export const rejectNulInBody: RequestHandler = (req, _res, next) => {
  next(nulRefusal(req.body, 'body'));
};
