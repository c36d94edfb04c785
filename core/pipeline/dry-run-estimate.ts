import { transcriptSizes } from '../db/repositories/city-videos.js';
import type { City } from '../db/schema.js';
import type { ModelEstimate } from '../ports/language-model.js';
import type { PipelineDeps } from './deps.js';

/** About two hours of meeting speech: the size assumed when no transcript is stored anywhere yet. */
export const DEFAULT_TRANSCRIPT_CHARS = 100_000;

export interface CityCostEstimate extends ModelEstimate {
  city: string;
  /** Meetings to analyse and stories to write. */
  analyses: number;
  stories: number;
  /** Meetings without a transcript yet, counted at `assumedChars` each. */
  withoutTranscript: number;
  assumedChars: number;
}

interface PlannedWork {
  id: string;
  cityId: string;
  stages: readonly string[];
}

/**
 * `--dry-run`: what the model work would cost, per city, at the configured model's price.
 * Meetings not transcribed yet count at the average stored transcript; meetings a discovery
 * would find are unknown until it runs, so they are not counted.
 */
export async function estimateRunCost(deps: Pick<PipelineDeps, 'db' | 'analyzer'>, cities: readonly City[], planned: readonly PlannedWork[]): Promise<CityCostEstimate[] | null> {
  const estimate = deps.analyzer.estimate?.bind(deps.analyzer);
  if (!estimate) return null;
  const analysed = planned.filter((video) => video.stages.includes('analysis'));
  const sizes = await transcriptSizes(deps.db, analysed.map((video) => video.id));
  const assumedChars = sizes.average ?? DEFAULT_TRANSCRIPT_CHARS;
  return cities.map((city) => {
    const mine = planned.filter((video) => video.cityId === city.id);
    const analyses = mine.filter((video) => video.stages.includes('analysis')).map((video) => sizes.byId.get(video.id) ?? null);
    const stories = mine.filter((video) => video.stages.includes('story')).length;
    return {
      city: city.location_key,
      analyses: analyses.length,
      stories,
      withoutTranscript: analyses.filter((chars) => chars === null).length,
      assumedChars,
      ...estimate({ analyses: analyses.map((chars) => chars ?? assumedChars), stories }),
    };
  });
}
