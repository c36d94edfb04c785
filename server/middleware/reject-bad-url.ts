import type { RequestHandler } from 'express';
import { AppError } from '../../core/index.js';
import { UNDECODABLE_URL_MESSAGE } from './errors.js';
import { nulRefusal } from './reject-nul.js';

/**
 * Longest path segment, decoded. Every id, key and file name a route takes is at most 200
 * characters (their zod schemas); a longer segment names nothing, whatever the route.
 */
const MAX_PATH_SEGMENT = 256;

/** Why `path` (as received, percent-encoded) is refused, or undefined. */
function pathProblem(path: string): AppError | undefined {
  // Most paths (every link the site makes to its own pages and API) need no decoding to judge.
  if (!path.includes('%') && path.length <= MAX_PATH_SEGMENT) return undefined;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new AppError('BAD_INPUT', UNDECODABLE_URL_MESSAGE);
    }
    const nul = nulRefusal(decoded, 'URL path');
    if (nul) return nul;
    if (decoded.length > MAX_PATH_SEGMENT) return new AppError('BAD_INPUT', `A URL path segment is longer than ${MAX_PATH_SEGMENT} characters`);
  }
  return undefined;
}

/**
 * Every request's path and query string, before any other work and for every route family
 * (API, pages, static files): a NUL (PostgreSQL refuses it in text: a 500 where a page read
 * the database with it), a `%` escape that does not decode to UTF-8, an overlong segment.
 * Routers decode parameters themselves; refusing here means none of them meets such a value.
 */
export const rejectBadUrl: RequestHandler = (req, _res, next) => {
  next(pathProblem(req.path) ?? nulRefusal(req.query, 'query'));
};
