import type { StageRowStatus } from '../schema.js';
import type { Executor } from './executor.js';

export async function recordSourceSync(
  db: Executor,
  urlId: string,
  result: { status: Exclude<StageRowStatus, 'running' | 'pending'>; error?: string | null; videosFound: number; startedAt: Date },
): Promise<void> {
  const row = {
    url_id: urlId,
    status: result.status,
    attempts: 1,
    last_error: result.error ?? null,
    videos_found: result.videosFound,
    started_at: result.startedAt,
    finished_at: new Date(),
  };
  await db
    .insertInto('source_syncs')
    .values(row)
    .onConflict((oc) =>
      oc.column('url_id').doUpdateSet((eb) => ({
        status: row.status,
        attempts: eb('source_syncs.attempts', '+', 1),
        last_error: row.last_error,
        videos_found: row.videos_found,
        started_at: row.started_at,
        finished_at: row.finished_at,
      })),
    )
    .execute();
}

export interface DiscoveryFailure {
  city_id: string;
  url_id: string;
  url: string;
  title: string | null;
  attempts: number;
  last_error: string | null;
  finished_at: Date | null;
}

/**
 * Video sources of these cities whose last discovery failed, newest first. A source shared by
 * two cities is listed under each: both lost its videos.
 */
export function listDiscoveryFailures(db: Executor, cityIds: readonly string[]): Promise<DiscoveryFailure[]> {
  if (cityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('source_syncs')
    .innerJoin('city_urls', 'city_urls.id', 'source_syncs.url_id')
    .innerJoin('cities_urls', 'cities_urls.url_id', 'city_urls.id')
    .select([
      'cities_urls.city_id',
      'source_syncs.url_id',
      'city_urls.url',
      'city_urls.title',
      'source_syncs.attempts',
      'source_syncs.last_error',
      'source_syncs.finished_at',
    ])
    .where('source_syncs.status', '=', 'failed')
    .where('cities_urls.city_id', 'in', cityIds)
    .orderBy('source_syncs.finished_at', (ob) => ob.desc().nullsLast())
    .orderBy('city_urls.url')
    .execute();
}
