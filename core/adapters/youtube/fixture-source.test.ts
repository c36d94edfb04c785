import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, loadSourceVideos } from '../fixture/fixture-files.js';
import { createFixtureSource } from './fixture-source.js';

describe('fixture source', () => {
  it('lists the demo videos of a fixture: key, newest first', async () => {
    const expected = await loadSourceVideos(DEFAULT_FIXTURES_DIR, 'fairview-city-council');
    const videos = await createFixtureSource().listVideos('fixture:fairview-city-council');
    expect(videos).toHaveLength(expected.length);
    const newest = [...expected].sort((a, b) => b.published_at.localeCompare(a.published_at))[0];
    expect(videos[0]).toEqual({
      videoId: newest?.video_id,
      title: newest?.title,
      description: newest?.description,
      channelTitle: newest?.channel_title,
      publishedAt: new Date(newest?.published_at ?? '').toISOString(),
      thumbnailUrl: newest?.thumbnail_url ?? null,
      videoUrl: `https://www.youtube.com/watch?v=${newest?.video_id}`,
    });
  });

  it('applies since and limit', async () => {
    const all = await createFixtureSource().listVideos('fixture:fairview-city-council');
    const limited = await createFixtureSource().listVideos('fixture:fairview-city-council', { limit: 1 });
    expect(limited).toEqual(all.slice(0, 1));
    const since = new Date(all[0]?.publishedAt ?? 0);
    expect(await createFixtureSource().listVideos('fixture:fairview-city-council', { since })).toEqual(all.slice(0, 1));
  });

  it('reports an unknown key as NOT_FOUND and refuses YouTube addresses', async () => {
    await expect(createFixtureSource().listVideos('fixture:nowhere-council')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No fixture source named nowhere-council',
    });
    await expect(createFixtureSource().listVideos('https://youtu.be/D-lhorsDlUQ')).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
