import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { City, CityUrl } from '../db/schema.js';
import type { Core } from '../index.js';
import type { DiscoveredVideo, VideoSource } from '../ports/video-source.js';
import { buildCity, buildCityUrl, buildVideo } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';

/** A channel whose titles and descriptions the test changes between discoveries. */
function editableChannel() {
  const videos: DiscoveredVideo[] = ['edited0001a', 'untouched1a'].map((videoId) => ({
    videoId,
    title: `Council meeting ${videoId}`,
    description: 'As published',
    channelTitle: 'Town TV',
    publishedAt: '2026-03-01T02:00:00.000Z',
    thumbnailUrl: null,
    videoUrl: `https://www.youtube.com/watch?v=${videoId}`,
  }));
  const source: VideoSource = {
    async listVideos() {
      return videos.map((video) => ({ ...video }));
    },
  };
  return { source, videos };
}

describe.each(TEST_ENGINES)('video, city and source services on %s', (engine) => {
  let core: Core;
  let channel: ReturnType<typeof editableChannel>;
  let city: City;
  let url: CityUrl;
  beforeEach(async () => {
    channel = editableChannel();
    core = await createTestCore(engine, { videoSource: channel.source });
    city = await buildCity(testDb(core));
    url = await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@towntv' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('resolves a city by key or id, a source by id, a video by our id, its YouTube id or a link', async () => {
    expect((await core.cities.resolveCity(city.location_key)).id).toBe(city.id);
    expect((await core.cities.resolveCity(` ${city.id} `)).id).toBe(city.id);
    await expect(core.cities.resolveCity('atlantis-zz')).rejects.toMatchObject({ code: 'NOT_FOUND', details: { resource: 'city', ref: 'atlantis-zz' } });
    expect((await core.sources.resolveSource(url.id)).url).toBe(url.url);
    await expect(core.sources.resolveSource('not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND', details: { resource: 'source' } });

    const video = await buildVideo(testDb(core), city.id, { video_id: 'aBcDeFgHiJk' });
    for (const ref of [video.id, 'aBcDeFgHiJk', 'https://www.youtube.com/watch?v=aBcDeFgHiJk&t=90', 'https://youtu.be/aBcDeFgHiJk']) {
      expect((await core.videos.resolveVideo(ref)).id).toBe(video.id);
    }
    for (const ref of ['https://www.youtube.com/watch?v=zzzzzzzzzzz', 'https://example.org/aBcDeFgHiJk', '   ']) {
      await expect(core.videos.resolveVideo(ref)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Video not found' });
    }
  });

  it('re-discovery refreshes the platform’s title and description but keeps the ones a person edited', async () => {
    expect(await core.functions.fetchYoutubeVideos({ url: url.url, cityId: city.id })).toMatchObject({ found: 2, inserted: 2 });
    const edited = await core.videos.resolveVideo('edited0001a');
    await core.videos.updateVideo(edited.id, { title: 'Council meeting, 1 March (budget hearing)' });
    await core.videos.updateVideo(edited.id, { description: 'Agenda and minutes: see the city site' });

    for (const video of channel.videos) {
      video.title = `${video.title} [re-uploaded]`;
      video.description = 'Changed on the platform';
    }
    expect(await core.functions.fetchYoutubeVideos({ url: url.url, cityId: city.id })).toMatchObject({ found: 2, inserted: 0 });

    expect(await core.videos.resolveVideo('edited0001a')).toMatchObject({
      title: 'Council meeting, 1 March (budget hearing)',
      description: 'Agenda and minutes: see the city site',
      details_edited_at: expect.any(Date),
    });
    expect(await core.videos.resolveVideo('untouched1a')).toMatchObject({
      title: 'Council meeting untouched1a [re-uploaded]',
      description: 'Changed on the platform',
      details_edited_at: null,
    });
  });

  it('a transcript edit alone leaves title and description to the platform', async () => {
    await core.functions.fetchYoutubeVideos({ url: url.url, cityId: city.id });
    const video = await core.videos.resolveVideo('untouched1a');
    await core.videos.updateVideo(video.id, { transcript: 'Mayor: The meeting is open.' });
    const [first] = channel.videos.filter((item) => item.videoId === 'untouched1a');
    if (first) first.title = 'Renamed on the platform';
    await core.functions.fetchYoutubeVideos({ url: url.url, cityId: city.id });
    expect(await core.videos.resolveVideo(video.id)).toMatchObject({ title: 'Renamed on the platform', details_edited_at: null, transcript: 'Mayor: The meeting is open.' });
  });
});
