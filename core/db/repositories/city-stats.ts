import { sql } from 'kysely';
import { PIPELINE_COUNT_COLUMNS, readPipelineCounts } from './city-videos.js';
import type { Executor } from './executor.js';

export interface CityStatsRow {
  meetings: number;
  with_transcript: number;
  analysed: number;
  with_story: number;
  /** The newest meeting's publication (or discovery) time. */
  last_meeting_at: Date | null;
  /** How many video sources (channels, playlists, videos) the city has. */
  source_count: number;
  /** The channels the meetings come from, the busiest first. */
  channels: string[];
}

const MAX_CHANNELS = 10;

/** A city page's Statistics card: counts over every stored meeting of the city, in two reads. */
export async function readCityStats(db: Executor, cityId: string): Promise<CityStatsRow> {
  const counts = await db
    .selectFrom('city_videos')
    .select((eb) => [
      ...PIPELINE_COUNT_COLUMNS,
      sql<Date | null>`max(coalesce(published_at, created_at))`.as('last_meeting_at'),
      eb.selectFrom('cities_urls').select(eb.fn.countAll<string>().as('n')).where('cities_urls.city_id', '=', cityId).as('source_count'),
    ])
    .where('city_id', '=', cityId)
    .executeTakeFirstOrThrow();
  const channels = await db
    .selectFrom('city_videos')
    .select('channel_title')
    .where('city_id', '=', cityId)
    .where('channel_title', 'is not', null)
    .groupBy('channel_title')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('channel_title')
    .limit(MAX_CHANNELS)
    .execute();
  const { total, ...stages } = readPipelineCounts(counts);
  return {
    meetings: total,
    ...stages,
    last_meeting_at: counts.last_meeting_at === null ? null : new Date(counts.last_meeting_at),
    source_count: Number(counts.source_count ?? 0),
    channels: channels.map((row) => row.channel_title).filter((title): title is string => title !== null),
  };
}
