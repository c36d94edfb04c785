import { PUBLIC_CITY_STATUSES } from '../../domain/city-visibility.js';
import type { Executor } from './executor.js';

/** A search engine's list is capped (sitemaps.org: 50,000 addresses a file). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public cities and their meetings, newest meetings first, for sitemap.xml. */
export async function listSitemapEntries(db: Executor) {
  const [cities, meetings] = await Promise.all([
    db.selectFrom('cities').select(['location_key', 'updated_at']).where('status', 'in', PUBLIC_CITY_STATUSES).orderBy('location_key').execute(),
    db
      .selectFrom('city_videos as v')
      .innerJoin('cities as c', 'c.id', 'v.city_id')
      .select(['c.location_key', 'v.id', 'v.updated_at', 'v.has_story'])
      .where('c.status', 'in', PUBLIC_CITY_STATUSES)
      .orderBy('v.published_at', (ob) => ob.desc().nullsLast())
      .orderBy('v.id')
      .limit(SITEMAP_MAX_URLS)
      .execute(),
  ]);
  return { cities, meetings };
}
