import type { RequestHandler } from 'express';
import { AppError } from '../../core/index.js';

/**
 * The NUL character (U+0000) is refused in every text the API accepts: PostgreSQL cannot store
 * it in text or jsonb (the insert fails, which used to surface as a 500), and no form has a use
 * for it. Checked once for every body here and every path and query string (reject-bad-url.ts),
 * so no route can forget.
 */
export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

type IssuePath = (string | number)[];

/** Where a value sits: its key in its parent, and the parent's own place (none at the top). */
interface Place {
  parent: Place | undefined;
  key: string | number;
}

function pathOf(place: Place | undefined): IssuePath {
  const path: IssuePath = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) holding NUL, or undefined when there is
 * none. Linear in the size of the value: each value keeps a link to its parent's place, and a
 * path is only built for the NUL found (copying it at every level made a deep body quadratic,
 * seconds of blocked event loop for 40 KB). An explicit stack, so depth cannot overflow it.
 */
export function findNul(value: unknown): IssuePath | undefined {
  const stack: [unknown, Place | undefined][] = [[value, undefined]];
  while (stack.length > 0) {
    const [item, place] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return pathOf(place);
    } else if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) stack.push([item[index], { parent: place, key: index }]);
    } else if (typeof item === 'object' && item !== null) {
      for (const key of Object.keys(item)) {
        if (key.includes('\0')) return pathOf({ parent: place, key });
        stack.push([(item as Record<string, unknown>)[key], { parent: place, key }]);
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

/** A parsed body (JSON, or a multipart form's text fields); mount after the body parser. */
export const rejectNulInBody: RequestHandler = (req, _res, next) => {
  next(nulRefusal(req.body, 'body'));
};
