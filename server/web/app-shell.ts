import fs from 'node:fs';
import path from 'node:path';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { escapeHtml } from '../../core/domain/search-highlight.js';
import type { Core } from '../../core/index.js';
import { toResponse } from '../middleware/errors.js';
import { NOT_FOUND, pageMeta, type PageMeta } from './page-meta.js';

/**
 * The app shell (web/dist/index.html) for every client-side route, with the page's own
 * `<title>`, description and Open Graph tags filled in, so a shared link previews the city,
 * meeting or story and search engines index it. A city or video we do not have answers 404
 * with the same shell: the app shows its not-found view. `refused` answers a page request the
 * server refused as bad input (a NUL or broken escape in its URL) with the shell too, as a 400:
 * a browser gets a page, not a JSON error.
 */
export function appShell(core: Core, webDist: string): { page: RequestHandler; refused: ErrorRequestHandler } {
  const template = shellTemplate(path.resolve(webDist, 'index.html'));
  const send = (req: Request, res: Response, status: number, meta: PageMeta) => {
    const html = fillShell(template(), meta, { siteName: core.config.siteName, url: pageUrl(core.config.publicUrl, req) });
    res.status(status).set('Cache-Control', 'no-cache').type('html').send(html);
  };
  return {
    page: (req, res, next) => {
      pageMeta(core, req.path).then((meta) => {
        if (meta === NOT_FOUND) send(req, res, 404, errorMeta(core, 'Page not found', 'Oops! Page not found'));
        else send(req, res, 200, meta);
      }, next);
    },
    refused: (error, req, res, next) => {
      const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/api(\/|$)/.test(req.path);
      if (!isPage || toResponse(error, undefined).status !== 400) return next(error);
      send(req, res, 400, errorMeta(core, 'Bad request', 'This page address is not valid.'));
    },
  };
}

function errorMeta(core: Core, title: string, description: string): PageMeta {
  return { title: `${title} | ${core.config.siteName}`, description, type: 'website' };
}

/** PUBLIC_URL plus the path (never the request's Host header, which a client chooses). */
function pageUrl(publicUrl: string, req: Request): string {
  return `${publicUrl}${req.path}`;
}

/**
 * The built index.html, read again only when it changes: a rebuild while the server runs
 * must not leave it serving a shell whose script names no longer exist.
 */
function shellTemplate(file: string): () => string {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Replaces index.html's `<title>`, description and application-name (web/index.html) and adds
 * the Open Graph tags before `</head>`. Every value is escaped: titles come from YouTube.
 */
export function fillShell(html: string, meta: PageMeta, site: { siteName: string; url: string }): string {
  const attr = escapeHtml;
  const og = [
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:type', meta.type],
    ['og:url', site.url],
    ['og:site_name', site.siteName],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${attr(content!)}" />`)
    .join('\n    ');
  // Functions as replacements: a `$&` in a YouTube title must stay literal text.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, () => `<meta name="description" content="${attr(meta.description)}" />`)
    .replace(/<meta\s+name="application-name"[\s\S]*?\/?>/, () => `<meta name="application-name" content="${attr(site.siteName)}" />`)
    .replace(/<\/head>/, () => `  ${og}\n  </head>`);
}
