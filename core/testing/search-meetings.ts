/** Meetings with timed transcripts for the search tests, and a look at the sample a search starts from. */
import type { Kysely } from 'kysely';
import type { Executor } from '../db/repositories/executor.js';
import { replaceSegments } from '../db/repositories/transcript-segments.js';
import type { CityVideo, DB, NewCityVideo } from '../db/schema.js';
import { openSearch } from '../search/opening.js';
import type { Scope } from '../search/search-sql.js';
import type { Sample } from '../search/transcript-matches.js';
import { buildVideo } from './builders.js';

export interface MeetingInput extends Partial<NewCityVideo> {
  /** [start second, text] per segment. */
  says?: [number, string][];
}

export async function addMeeting(db: Kysely<DB>, cityId: string, input: MeetingInput = {}): Promise<CityVideo> {
  const { says = [], ...overrides } = input;
  const video = await buildVideo(db, cityId, overrides);
  await replaceSegments(
    db,
    video.id,
    says.map(([second, text]) => ({ start_ms: second * 1000, end_ms: second * 1000 + 4000, speaker: null, text })),
  );
  return video;
}

/** 2026-03-01 minus `days` days: newer meetings have smaller numbers. */
export function daysAgo(days: number): Date {
  return new Date(Date.UTC(2026, 2, 1, 2) - days * 86_400_000);
}

/** The sample alone, as the first statement of a search takes it. */
export async function sampleNewest(db: Executor, q: string, scope: Scope, common: readonly string[] | null = null): Promise<Sample> {
  return (await openSearch(db, q, scope, { want: 0, common, moments: false })).sample;
}
