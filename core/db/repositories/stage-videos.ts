import type { CityVideo } from '../schema.js';
import type { Executor } from './executor.js';

/** What a stage needs of the video's city, read with the video. */
interface StageCity {
  name: string;
  story_review: boolean;
}

/** A video as a stage reads it: with its city (null once the city is gone). */
export type StageVideo = CityVideo & { city: StageCity | null };

/**
 * The video with its city's name and review setting, in one statement: every stage reads the
 * video, and analysis and story also need the city (issue 26: statements a job).
 */
export async function findVideoWithCity(db: Executor, id: string): Promise<StageVideo | undefined> {
  const row = await db
    .selectFrom('city_videos')
    .leftJoin('cities', 'cities.id', 'city_videos.city_id')
    .selectAll('city_videos')
    .select(['cities.name as city_name', 'cities.story_review as city_story_review'])
    .where('city_videos.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { city_name, city_story_review, ...video } = row;
  return { ...video, city: city_name === null ? null : { name: city_name, story_review: city_story_review === true } };
}
