import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Audience } from '../../core/domain/city-visibility.js';
import { requestAudience } from './guards.js';

/**
 * A short-lived cache of the public reads that every visitor of a city page makes (its
 * cities, its latest meetings, the directory). Their answers are the same for everyone of an
 * audience (staff also see the cities being set up: city-visibility.ts), so an answer is kept
 * under its audience and its URL and never served to the other audience; and
 * a city page shared on a local news site is read by many residents within seconds: each of
 * them would otherwise cost database work for an identical answer.
 *
 * Freshness: the handlers of writes that change what is cached (cities and their sources and
 * videos, listings, images, the pipeline functions) are wrapped in `invalidates`, which empties
 * the cache as soon as the handler has finished a successful write, and no load that began
 * before that stores its answer, so the change shows on the next read. Other writes (analytics
 * events, contact, sign-in) leave it alone: they cannot change it, and anyone may send them.
 * Changes made elsewhere (a `civic ingest` on the same PostgreSQL database) show within `ttlMs`.
 * Concurrent misses of one URL share one load. Only answers that loaded without an error are
 * kept, and at most `maxEntries` of them, the oldest dropped first.
 */
export interface PublicCache {
  /** A GET handler answering `load(req, audience)` as JSON, from the audience's cache while fresh. */
  serve(load: (req: Request, audience: Audience) => Promise<unknown>): RequestHandler;
  /**
   * Wraps the handler of a write that changes cached data: once it has returned without
   * throwing and with a status below 400, the write is committed and the cache is emptied,
   * whether or not the client is still there to read the answer.
   */
  invalidates(handler: WriteHandler): RequestHandler;
  clear(): void;
}

/** What a router of writes needs of the cache. */
export type CacheInvalidation = Pick<PublicCache, 'invalidates'>;

type WriteHandler = (req: Request, res: Response, next: NextFunction) => unknown;

export interface PublicCacheOptions {
  /** How long an answer is served without asking the database again; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Whose request it is; default: staff for an admin, else the public (guards.ts). */
  audienceOf?: (req: Request, res: Response) => Promise<Audience>;
}

/** Two seconds: a burst of readers shares one query, and nobody waits long for news. */
export const PUBLIC_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  body: string;
  expires: number;
}

export function createPublicCache(options: PublicCacheOptions): PublicCache {
  const { ttlMs, maxEntries = MAX_ENTRIES, now = Date.now, audienceOf = requestAudience } = options;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<string>>();
  // Bumped by every clear: a load that began before a write must not store its answer after it.
  let generation = 0;

  function clear(): void {
    generation += 1;
    entries.clear();
    loading.clear();
  }

  function remember(key: string, body: string): void {
    entries.delete(key);
    entries.set(key, { body, expires: now() + ttlMs });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  async function fetchBody(key: string, load: () => Promise<unknown>): Promise<string> {
    const pending = loading.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const promise = load().then((value) => {
      const body = JSON.stringify(value);
      if (startedIn === generation) remember(key, body);
      return body;
    });
    loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (loading.get(key) === promise) loading.delete(key);
    }
  }

  function serve(load: (req: Request, audience: Audience) => Promise<unknown>): RequestHandler {
    return async (req, res) => {
      const audience = await audienceOf(req, res);
      if (ttlMs <= 0) {
        res.json(await load(req, audience));
        return;
      }
      // The audience first: the same URL answers differently for staff and for the public.
      const key = `${audience} ${req.originalUrl}`;
      const entry = entries.get(key);
      const body = entry && entry.expires > now() ? entry.body : await fetchBody(key, () => load(req, audience));
      res.type('application/json').send(body);
    };
  }

  // Not on the response's 'finish': it never comes when the client has gone, though the write
  // was made. Not on 'close' either: a client that leaves early closes the response before the
  // write is committed (a read in between would store the old answer) and before its status is
  // known. The handler's own end is the moment the write is done. A refused write (thrown, or
  // answered 4xx) changes nothing and must not let anyone empty the cache at will.
  function invalidates(handler: WriteHandler): RequestHandler {
    return async (req, res, next) => {
      await handler(req, res, next);
      if (res.statusCode < 400) clear();
    };
  }

  return { serve, invalidates, clear };
}
