import fs from 'node:fs';
import path from 'node:path';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { feedPaths } from '../../core/domain/exports.js';
import { escapeHtml } from '../../core/domain/search-highlight.js';
import type { Core } from '../../core/index.js';
import { toResponse } from '../middleware/errors.js';
import { requestAudience } from '../middleware/guards.js';
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
    const html = fillShell(template(), meta, { siteName: core.config.siteName, url: pageUrl(core.config.publicUrl, req), origin: core.config.publicUrl });
    res.status(status).set('Cache-Control', 'no-cache').type('html').send(html);
  };
  return {
    page: (req, res, next) => {
      requestAudience(req, res)
        .then((audience) => pageMeta(core, req.path, audience))
        .then((meta) => {
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

/** The site's own preview card (web/public), for pages without an image of their own. */
const SITE_CARD_PATH = '/og-card.png';

/**
 * Replaces index.html's `<title>`, description and application-name (web/index.html) and adds,
 * before `</head>`, the canonical link, the Atom feeds (the site's, and the page's city's), the Open Graph and Twitter card tags, a robots rule for
 * private pages and a story's schema.org NewsArticle. Every value is escaped: titles come from
 * YouTube.
 */
function fillShell(html: string, meta: PageMeta, site: { siteName: string; url: string; origin?: string }): string {
  const attr = escapeHtml;
  const origin = site.origin ?? new URL(site.url).origin;
  const canonical = meta.canonicalPath ? `${origin}${meta.canonicalPath}` : site.url;
  const image = absolute(meta.image ?? SITE_CARD_PATH, origin);
  const og = [
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:type', meta.type],
    ['og:url', canonical],
    ['og:site_name', site.siteName],
    ['og:image', image],
  ].map(([property, content]) => `<meta property="${property}" content="${attr(content!)}" />`);
  const twitter = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
    ['twitter:image', image],
  ].map(([name, content]) => `<meta name="${name}" content="${attr(content!)}" />`);
  const feeds = [
    { title: `Meetings | ${site.siteName}`, path: feedPaths.all },
    ...(meta.feedCity ? [{ title: `${meta.feedCity.name} meetings | ${site.siteName}`, path: feedPaths.city(meta.feedCity.locationKey) }] : []),
  ].map((feed) => `<link rel="alternate" type="application/atom+xml" title="${attr(feed.title)}" href="${attr(`${origin}${feed.path}`)}" />`);
  const head = [
    `<link rel="canonical" href="${attr(canonical)}" />`,
    ...feeds,
    ...og,
    ...twitter,
    ...(meta.private ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
    ...(meta.article ? [newsArticleScript(meta, { siteName: site.siteName, canonical, image })] : []),
  ].join('\n    ');
  // Functions as replacements: a `$&` in a YouTube title must stay literal text.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, () => `<meta name="description" content="${attr(meta.description)}" />`)
    .replace(/<meta\s+name="application-name"[\s\S]*?\/?>/, () => `<meta name="application-name" content="${attr(site.siteName)}" />`)
    .replace(/<\/head>/, () => `  ${head}\n  </head>`);
}

function absolute(address: string, origin: string): string {
  return /^https?:\/\//i.test(address) ? address : `${origin}${address.startsWith('/') ? '' : '/'}${address}`;
}

/**
 * schema.org NewsArticle for a story. JSON inside <script> is escaped so no value can close the
 * element ("</script>") or open a comment: every <, > and & becomes a \u escape.
 */
function newsArticleScript(meta: PageMeta, page: { siteName: string; canonical: string; image: string }): string {
  const article = meta.article!;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.headline,
    description: meta.description,
    url: page.canonical,
    mainEntityOfPage: page.canonical,
    image: [page.image],
    ...(article.published ? { datePublished: article.published } : {}),
    ...(article.modified ? { dateModified: article.modified } : {}),
    author: { '@type': 'Organization', name: page.siteName },
    publisher: { '@type': 'Organization', name: page.siteName },
    ...(article.video ? { isBasedOn: article.video } : {}),
  };
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}
