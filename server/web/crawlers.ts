import { Router } from 'express';
import type { Core, SiteMapEntry } from '../../core/index.js';

/**
 * What search engines read before the pages (issue 25): robots.txt keeps them out of the API,
 * the accounts and staff screens, and points at sitemap.xml, the public cities, meetings and
 * stories at their canonical addresses. Both are public and cheap; each answer is cached an hour.
 */
export function createCrawlerRouter(core: Core): Router {
  const router = Router();
  const origin = core.config.publicUrl;

  router.get('/robots.txt', (_req, res) => {
    const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /profile', '', `Sitemap: ${origin}/sitemap.xml`, ''];
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const entries = await core.siteMap.entries();
    res.set('Cache-Control', 'public, max-age=3600').type('application/xml').send(sitemapXml(origin, entries));
  });

  return router;
}

export function sitemapXml(origin: string, entries: readonly SiteMapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}
