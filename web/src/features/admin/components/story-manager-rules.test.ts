import { describe, expect, it } from 'vitest';
import { ALL, chooseCity, chooseSource, chooseVideo, INITIAL_STATE, isSourceFilterDisabled, previewOf } from './story-manager-rules.js';

describe('the Story Manager rules (spec §4, §9)', () => {
  it('clears the source, video, analysis and story when a city is chosen', () => {
    const busy = { cityId: 'c1', sourceId: 's1', videoId: 'v1' };
    expect(chooseCity(busy, 'c2')).toEqual({ cityId: 'c2', sourceId: ALL, videoId: null });
    expect(chooseSource(busy, 's2')).toEqual({ cityId: 'c1', sourceId: 's2', videoId: null });
    expect(chooseVideo(INITIAL_STATE, 'v9')).toEqual({ ...INITIAL_STATE, videoId: 'v9' });
  });

  it('disables the source filter for all cities and for a city without video sources', () => {
    expect(isSourceFilterDisabled(ALL, 3)).toBe(true);
    expect(isSourceFilterDisabled('c1', 0)).toBe(true);
    expect(isSourceFilterDisabled('c1', 1)).toBe(false);
  });

  it("previews 3 items with '+N more' only past 3", () => {
    expect(previewOf([1, 2])).toEqual({ shown: [1, 2], more: null });
    expect(previewOf([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: null });
    expect(previewOf([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: '+2 more' });
  });
});
