import { sql } from 'kysely';
import type { Executor } from './executor.js';

/** What belongs to a city, counted: what removing it deletes (or, for listings, leaves without a city). */
export interface CityContents {
  /** Sources linked to this city only: removed with it. */
  sources: number;
  /** Sources also linked to another city: only the link goes. */
  sharedSources: number;
  videos: number;
  transcripts: number;
  segments: number;
  analyses: number;
  stories: number;
  /** Business listings of the city: they stay, without a city. */
  listings: number;
}

/** The city's sources with how many cities each is linked to. */
function sourcesOfCity(db: Executor, cityId: string) {
  return db
    .selectFrom('cities_urls as mine')
    .where('mine.city_id', '=', cityId)
    .select((eb) => [
      'mine.url_id',
      eb.selectFrom('cities_urls as all').whereRef('all.url_id', '=', 'mine.url_id').select((e) => e.fn.countAll<string>().as('n')).as('links'),
    ])
    .execute();
}

export async function countCityContents(db: Executor, cityId: string): Promise<CityContents> {
  const [sources, videos, segments, listings] = await Promise.all([
    sourcesOfCity(db, cityId),
    db
      .selectFrom('city_videos')
      .where('city_id', '=', cityId)
      .select((eb) => [
        eb.fn.countAll<string>().as('videos'),
        sql<string>`count(*) filter (where transcript is not null and transcript <> '')`.as('transcripts'),
        sql<string>`count(*) filter (where analysis_results is not null)`.as('analyses'),
        sql<string>`count(*) filter (where news_story is not null and news_story <> '')`.as('stories'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transcript_segments')
      .innerJoin('city_videos', 'city_videos.id', 'transcript_segments.city_video_id')
      .where('city_videos.city_id', '=', cityId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('business_listings').where('city_id', '=', cityId).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const shared = sources.filter((source) => Number(source.links) > 1).length;
  return {
    sources: sources.length - shared,
    sharedSources: shared,
    videos: Number(videos.videos),
    transcripts: Number(videos.transcripts),
    segments: Number(segments.n),
    analyses: Number(videos.analyses),
    stories: Number(videos.stories),
    listings: Number(listings.n),
  };
}

/**
 * Deletes the city and the sources linked to it alone (city_urls has no city column, so they
 * would outlive it); videos, segments, stages and link rows go by the schema's cascades.
 */
export async function deleteCityAndOwnSources(db: Executor, cityId: string): Promise<void> {
  const own = (await sourcesOfCity(db, cityId)).filter((source) => Number(source.links) === 1).map((source) => source.url_id);
  await db.deleteFrom('cities').where('id', '=', cityId).execute();
  if (own.length > 0) await db.deleteFrom('city_urls').where('id', 'in', own).execute();
}
