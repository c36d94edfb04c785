import { sql } from 'kysely';
import { isUuid } from '../../domain/ids.js';
import type { CityVideo, NewCityVideo } from '../schema.js';
import type { Executor } from './executor.js';

export type DiscoveredVideoRow = Pick<
  NewCityVideo,
  'video_id' | 'city_id' | 'city_urls_id' | 'title' | 'description' | 'channel_title' | 'published_at' | 'thumbnail_url' | 'video_url'
>;

/**
 * Insert a discovered video, or refresh the platform's metadata of one we have. Title and
 * description follow the platform's until a person edits either (details_edited_at); then
 * they are the person's and re-discovery keeps them. Transcript, analysis and story are never
 * touched.
 */
export async function upsertDiscoveredVideo(db: Executor, video: DiscoveredVideoRow): Promise<{ id: string; inserted: boolean }> {
  const row = await db
    .insertInto('city_videos')
    .values(video)
    .onConflict((oc) =>
      oc.columns(['city_id', 'video_id']).doUpdateSet((eb) => ({
        title: eb
          .case()
          .when('city_videos.details_edited_at', 'is', null)
          .then(eb.fn.coalesce('excluded.title', 'city_videos.title'))
          .else(eb.ref('city_videos.title'))
          .end(),
        description: eb
          .case()
          .when('city_videos.details_edited_at', 'is', null)
          .then(eb.fn.coalesce('excluded.description', 'city_videos.description'))
          .else(eb.ref('city_videos.description'))
          .end(),
        channel_title: eb.ref('excluded.channel_title'),
        published_at: eb.fn.coalesce('excluded.published_at', 'city_videos.published_at'),
        thumbnail_url: eb.fn.coalesce('excluded.thumbnail_url', 'city_videos.thumbnail_url'),
        video_url: eb.ref('excluded.video_url'),
        city_urls_id: eb.fn.coalesce('city_videos.city_urls_id', 'excluded.city_urls_id'),
      })),
    )
    // xmax = 0 only for a row this statement inserted.
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  return { id: row.id, inserted: row.inserted };
}

export function findVideoById(db: Executor, id: string): Promise<CityVideo | undefined> {
  return db.selectFrom('city_videos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By our id, or by the platform's video id (the first match, newest city row first). */
export function findVideoByAnyId(db: Executor, idOrVideoId: string): Promise<CityVideo | undefined> {
  let query = db.selectFrom('city_videos').selectAll();
  query = isUuid(idOrVideoId) ? query.where('id', '=', idOrVideoId) : query.where('video_id', '=', idOrVideoId);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** Every city's row of one platform video (a meeting two cities follow is stored once per city), newest first. */
export function listVideoCopies(db: Executor, videoId: string): Promise<{ id: string; city_id: string; location_key: string; name: string; state: string }[]> {
  return db
    .selectFrom('city_videos')
    .innerJoin('cities', 'cities.id', 'city_videos.city_id')
    .select(['city_videos.id', 'city_videos.city_id', 'cities.location_key', 'cities.name', 'cities.state'])
    .where('city_videos.video_id', '=', videoId)
    .orderBy('city_videos.created_at', 'desc')
    .execute();
}

export interface VideoSelection {
  cityIds: string[];
  /** Only these videos (our ids). */
  ids?: string[];
  sourceId?: string;
  since?: Date;
  /** The newest N of the selection. */
  limit?: number;
}

/** Videos a pipeline run works on, newest first. */
/** What a run needs to plan and label a video; each stage reads the whole row when it starts. */
export type RunVideo = Pick<CityVideo, 'id' | 'city_id' | 'video_id' | 'title' | 'has_transcript' | 'has_analysis' | 'has_story'>;

/**
 * The videos a run works on, light: a city's thousands of transcripts, analyses and stories
 * are never all in memory at once.
 */
export function listVideosForRun(db: Executor, selection: VideoSelection): Promise<RunVideo[]> {
  if (selection.cityIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('city_videos')
    // A draft waiting for review is a written story: the run does not write another.
    .select(['id', 'city_id', 'video_id', 'title', 'has_transcript', 'has_analysis', sql<boolean>`(has_story or draft_story is not null)`.as('has_story')])
    .where('city_id', 'in', selection.cityIds);
  if (selection.ids) query = query.where('id', 'in', selection.ids.length > 0 ? selection.ids : ['00000000-0000-0000-0000-000000000000']);
  if (selection.sourceId) query = query.where('city_urls_id', '=', selection.sourceId);
  if (selection.since) query = query.where('published_at', '>=', selection.since);
  query = query.orderBy('published_at', (ob) => ob.desc().nullsLast()).orderBy('created_at', 'desc');
  if (selection.limit) query = query.limit(selection.limit);
  return query.execute();
}

/**
 * Transcript sizes in characters for a dry run's cost estimate: each of these videos' (null
 * without one), and the average over every stored transcript (null when there is none), which
 * stands in for meetings not transcribed yet.
 */
export async function transcriptSizes(db: Executor, ids: readonly string[]): Promise<{ byId: Map<string, number | null>; average: number | null }> {
  const [rows, average] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('city_videos').select((eb) => ['id', eb.fn<number | null>('length', ['transcript']).as('chars')]).where('id', 'in', ids).execute(),
    db
      .selectFrom('city_videos')
      .select((eb) => eb.fn.avg<string | number | null>(eb.fn('length', ['transcript'])).as('chars'))
      .where('transcript', 'is not', null)
      .executeTakeFirst(),
  ]);
  return {
    byId: new Map(rows.map((row) => [row.id, row.chars === null ? null : Number(row.chars)])),
    average: average?.chars == null ? null : Math.round(Number(average.chars)),
  };
}

export async function deleteVideo(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('city_videos').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface VideoCounts {
  city_id: string;
  total: number;
  with_transcript: number;
  analysed: number;
  with_story: number;
}

/** How far a set of videos has come through the pipeline, as counted by PostgreSQL (bigint text). */
export const PIPELINE_COUNT_COLUMNS = [
  sql<string>`count(*)`.as('total'),
  sql<string>`count(*) filter (where has_transcript)`.as('with_transcript'),
  sql<string>`count(*) filter (where has_analysis)`.as('analysed'),
  sql<string>`count(*) filter (where has_story)`.as('with_story'),
] as const;

type PipelineCountRow = Record<'total' | 'with_transcript' | 'analysed' | 'with_story', string>;

export function readPipelineCounts(row: PipelineCountRow): Omit<VideoCounts, 'city_id'> {
  return {
    total: Number(row.total),
    with_transcript: Number(row.with_transcript),
    analysed: Number(row.analysed),
    with_story: Number(row.with_story),
  };
}

/** How far each city's videos have come through the pipeline (spec §4: transcript, analysis, story). */
export async function countVideosByCity(db: Executor, cityIds?: readonly string[]): Promise<VideoCounts[]> {
  if (cityIds && cityIds.length === 0) return [];
  let query = db.selectFrom('city_videos').select(['city_id', ...PIPELINE_COUNT_COLUMNS]).groupBy('city_id');
  if (cityIds) query = query.where('city_id', 'in', cityIds);
  const rows = await query.execute();
  return rows.map((row) => ({ city_id: row.city_id, ...readPipelineCounts(row) }));
}

export interface VideoListing {
  id: string;
  video_id: string;
  title: string | null;
  published_at: Date | null;
  city_urls_id: string | null;
  transcript_chars: number;
  analysed: boolean;
  has_story: boolean;
}

/** A city's videos, newest first, without the heavy columns (transcript, analysis, story). */
export async function listVideoListingsForCity(db: Executor, cityId: string, limit: number): Promise<VideoListing[]> {
  const rows = await db
    .selectFrom('city_videos')
    .select([
      'id',
      'video_id',
      'title',
      'published_at',
      'city_urls_id',
      sql<number>`coalesce(length(transcript), 0)`.as('transcript_chars'),
      'has_analysis as analysed',
      'has_story',
    ])
    .where('city_id', '=', cityId)
    .orderBy('published_at', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, transcript_chars: Number(row.transcript_chars) }));
}

export async function countVideosForSource(db: Executor, cityUrlId: string): Promise<number> {
  const row = await db
    .selectFrom('city_videos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('city_urls_id', '=', cityUrlId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every stored row of a platform video (one per city that follows it). */
export function listVideoRowsByPlatformId(db: Executor, videoId: string): Promise<Pick<CityVideo, 'id' | 'transcript_edited_at'>[]> {
  return db.selectFrom('city_videos').select(['id', 'transcript_edited_at']).where('video_id', '=', videoId).execute();
}

export type VideoFieldChanges = Partial<Pick<NewCityVideo, 'title' | 'description' | 'details_edited_at' | 'transcript' | 'transcript_edited_at'>>;

/** An admin's edit of title, description or transcript (spec §7 update city_videos). */
export function updateVideoFields(db: Executor, id: string, changes: VideoFieldChanges): Promise<CityVideo | undefined> {
  return db
    .updateTable('city_videos')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface AdminVideoFilter {
  cityId?: string;
  sourceId?: string;
  /** published: published_at newest first (Story Manager); created: created_at newest first (content management). */
  order: 'published' | 'created';
  limit: number;
}

/** What a list of videos shows: everything but the heavy columns (transcript, analysis, story). */
const LIST_COLUMNS = [
  'id', 'video_id', 'city_id', 'city_urls_id', 'title', 'description', 'channel_title', 'published_at', 'created_at',
  'thumbnail_url', 'video_url', 'story_generated_at', 'has_transcript', 'has_analysis', 'has_story',
] as const;

export type VideoListRow = Pick<CityVideo, (typeof LIST_COLUMNS)[number]>;

export interface AdminVideoRow extends VideoListRow {
  transcript_edited_at: Date | null;
}

/** The admin video lists (spec §7), without the heavy columns. */
export function listVideosForAdmin(db: Executor, filter: AdminVideoFilter): Promise<AdminVideoRow[]> {
  let query = db
    .selectFrom('city_videos')
    .select([...LIST_COLUMNS, 'transcript_edited_at']);
  if (filter.cityId) query = query.where('city_id', '=', filter.cityId);
  if (filter.sourceId) query = query.where('city_urls_id', '=', filter.sourceId);
  query =
    filter.order === 'created'
      ? query.orderBy('created_at', 'desc')
      : query.orderBy('published_at', (ob) => ob.desc().nullsLast()).orderBy('created_at', 'desc');
  return query.orderBy('id').limit(filter.limit).execute();
}

export interface PublicVideoRow extends VideoListRow {
  /** The analysis summary, for the card preview (spec §9: 100 characters are shown). */
  summary: string | null;
}

/**
 * A city page's latest videos (spec §7: by city, published_at descending), by the city's
 * location key: one statement for the busiest read of the site.
 */
/** The newest meetings of the city, when its status is one of `statuses`. */
export function listLatestVideoCards(db: Executor, locationKey: string, limit: number, statuses: readonly string[]): Promise<PublicVideoRow[]> {
  return db
    .selectFrom('city_videos')
    .select([...LIST_COLUMNS, 'analysis_summary as summary'])
    .where('city_id', '=', (eb) => eb.selectFrom('cities').select('id').where('location_key', '=', locationKey).where('status', 'in', [...statuses]))
    .orderBy('published_at', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
