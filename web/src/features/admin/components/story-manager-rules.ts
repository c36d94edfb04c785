/** The Story Manager's selections (spec §2 screen 17, §4). 'all' is no filter. */
export interface StoryManagerState {
  cityId: string;
  sourceId: string;
  /** The video whose analysis and story are shown (both are read from it). */
  videoId: string | null;
}

export const ALL = 'all';

export const INITIAL_STATE: StoryManagerState = { cityId: ALL, sourceId: ALL, videoId: null };

/** Spec §4: choosing a city clears the video, analysis and story selections (and the source, which belonged to the old city). */
export function chooseCity(_state: StoryManagerState, cityId: string): StoryManagerState {
  return { ...INITIAL_STATE, cityId };
}

export function chooseSource(state: StoryManagerState, sourceId: string): StoryManagerState {
  return { ...state, sourceId, videoId: null };
}

export function chooseVideo(state: StoryManagerState, videoId: string): StoryManagerState {
  return { ...state, videoId };
}

/** Spec §4: the source filter is disabled while the city is 'all' or the city has no video sources. */
export function isSourceFilterDisabled(cityId: string, sourceCount: number): boolean {
  return cityId === ALL || sourceCount === 0;
}

/** Spec §9: the admin analysis preview shows the first 3 items and '+N more'. */
const PREVIEW_COUNT = 3;

export function previewOf<T>(items: readonly T[], count = PREVIEW_COUNT): { shown: T[]; more: string | null } {
  const rest = items.length - count;
  return { shown: items.slice(0, count), more: rest > 0 ? `+${rest} more` : null };
}
