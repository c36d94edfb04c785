import path from 'node:path';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { constants } from 'node:zlib';

/** Vite names the files it builds into assets/ by their content hash: a new build, a new name. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * gzip or brotli (whichever the browser prefers) for pages, scripts, styles and JSON above 1 KiB.
 * Brotli at quality 5: most of its gain over gzip for a fraction of quality 11's time, which
 * matters on a 2-core server compressing each API answer as it goes.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/**
 * The built site's files. Hashed assets never change under their name, so browsers keep them a
 * year without asking again; anything else (favicon, robots) is rechecked after an hour. The
 * HTML shell is not served from here (the app shell sends it, never cached stale).
 */
export function builtFiles(webDist: string): RequestHandler {
  return express.static(path.resolve(webDist), {
    index: false,
    setHeaders: (res, file) => {
      const served = `/${path.relative(path.resolve(webDist), file).split(path.sep).join('/')}`;
      res.setHeader('Cache-Control', HASHED_ASSET.test(served) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    },
  });
}
