import type { CityVideo } from '../schema.js';
import type { Executor } from './executor.js';

/** What an export reads of a meeting: everything public, nothing of the newsroom's drafts. */
export type ExportVideoRow = Pick<
  CityVideo,
  'id' | 'video_id' | 'city_id' | 'title' | 'description' | 'published_at' | 'created_at' | 'video_url' | 'analysis_results' | 'news_story' | 'story_generated_at'
>;

const EXPORT_COLUMNS = [
  'id', 'video_id', 'city_id', 'title', 'description', 'published_at', 'created_at', 'video_url', 'analysis_results', 'news_story', 'story_generated_at',
] as const;

/** Where the previous page ended: the meetings come in the order they were added. */
export interface ExportCursor {
  createdAt: Date;
  id: string;
}

/**
 * One page of a city's meetings for an export, oldest first, published (or, without a
 * publication time, added) on or after `since`. Keyset paging keeps a city of thousands of
 * meetings one small query at a time.
 */
export function listVideosForExport(
  db: Executor,
  cityId: string,
  page: { since: Date | null; after: ExportCursor | null; limit: number },
): Promise<ExportVideoRow[]> {
  let query = db.selectFrom('city_videos').select(EXPORT_COLUMNS).where('city_id', '=', cityId);
  if (page.since) {
    const since = page.since;
    query = query.where((eb) => eb(eb.fn.coalesce('published_at', 'created_at'), '>=', since));
  }
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) => eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]));
  }
  return query.orderBy('created_at').orderBy('id').limit(page.limit).execute();
}

/**
 * The newest analysed meetings of these cities, newest first (a feed's entries): what was
 * processed, not what was merely discovered.
 */
export function listRecentAnalysedVideos(db: Executor, cityIds: readonly string[], limit: number): Promise<ExportVideoRow[]> {
  if (cityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('city_videos')
    .select(EXPORT_COLUMNS)
    .where('city_id', 'in', [...cityIds])
    .where('has_analysis', '=', true)
    .orderBy((eb) => eb.fn.coalesce('published_at', 'created_at'), 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
