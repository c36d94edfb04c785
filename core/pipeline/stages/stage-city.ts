import { findCityById } from '../../db/repositories/cities.js';
import type { StageCity } from '../../db/repositories/stage-videos.js';
import type { Executor } from '../../db/repositories/executor.js';
import type { CityVideo } from '../../db/schema.js';

/** A video as a stage gets it: executeStage reads the city with the video; other callers leave it to the stage. */
export type StageVideo = CityVideo & { city?: StageCity | null };

/** The video's city as the stage needs it: read with the video when it was, else looked up. */
export async function cityOf(db: Executor, video: StageVideo): Promise<StageCity | null> {
  if (video.city !== undefined) return video.city;
  const city = await findCityById(db, video.city_id);
  return city ? { name: city.name, story_review: city.story_review === true } : null;
}
