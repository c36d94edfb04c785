import { describe, it, expect } from 'vitest';
import {
  embeddableVideoId,
  embedUrl,
  isVideoHostUrl,
  parseYoutubeUrl,
  suggestContentType,
  watchUrl,
  type YoutubeSource,
} from './youtube-url.js';

const ID = 'dQw4w9WgXcQ';
const CHANNEL = 'UCBR8-60-B28hp2BmDPdntcQ';
const PLAYLIST = 'PLBCF2DAC6FFB574DE';

function sourceOf(input: string): YoutubeSource {
  const result = parseYoutubeUrl(input);
  if (!result.ok) throw new Error(`expected ${input} to parse: ${result.reason}`);
  return result.source;
}

describe('parseYoutubeUrl: videos', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, 'watch'],
    [`http://youtube.com/watch?v=${ID}`, 'watch'],
    [`youtube.com/watch?v=${ID}`, 'watch'],
    [`www.youtube.com/watch?v=${ID}`, 'watch'],
    [`//www.youtube.com/watch?v=${ID}`, 'watch'],
    [`https://m.youtube.com/watch?v=${ID}`, 'watch'],
    [`https://music.youtube.com/watch?v=${ID}&feature=share`, 'watch'],
    [`https://WWW.YouTube.com/watch?feature=youtu.be&v=${ID}`, 'watch'],
    [`https://www.youtube.com/watch/?v=${ID}`, 'watch'],
    [`  https://www.youtube.com/watch?v=${ID}  `, 'watch'],
    [`https://youtu.be/${ID}`, 'short-link'],
    [`youtu.be/${ID}?si=AbCdEfGh12345678`, 'short-link'],
    [`https://youtu.be/${ID}/`, 'short-link'],
    [`https://www.youtube.com/live/${ID}?feature=share`, 'live'],
    [`https://www.youtube.com/shorts/${ID}/`, 'shorts'],
    [`https://www.youtube.com/embed/${ID}?rel=0`, 'embed'],
    [`https://www.youtube-nocookie.com/embed/${ID}`, 'embed'],
    [`https://www.youtube.com/v/${ID}`, 'embed'],
  ])('%s is video %s', (input, form) => {
    expect(sourceOf(input)).toEqual({ kind: 'video', videoId: ID, form });
  });

  it('reads the start time from t= in its three spellings and from start=', () => {
    expect(sourceOf(`https://www.youtube.com/watch?v=${ID}&t=120s`)).toMatchObject({ startSeconds: 120 });
    expect(sourceOf(`https://youtu.be/${ID}?t=95`)).toMatchObject({ startSeconds: 95 });
    expect(sourceOf(`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`)).toMatchObject({
      startSeconds: 3723,
    });
    expect(sourceOf(`https://www.youtube.com/embed/${ID}?start=30`)).toMatchObject({ startSeconds: 30 });
    expect(sourceOf(`https://www.youtube.com/watch?v=${ID}&t=soon`)).not.toHaveProperty('startSeconds');
  });

  it('treats a watch link with a playlist as the video and keeps the playlist id', () => {
    expect(sourceOf(`https://www.youtube.com/watch?v=${ID}&list=${PLAYLIST}&index=2`)).toEqual({
      kind: 'video',
      videoId: ID,
      form: 'watch',
      playlistId: PLAYLIST,
    });
  });
});

describe('parseYoutubeUrl: channels, playlists and fixtures', () => {
  it.each([
    ['https://www.youtube.com/@CityOfFairview', 'handle', 'CityOfFairview'],
    ['youtube.com/@fairview.council/videos', 'handle', 'fairview.council'],
    ['https://m.youtube.com/@city-of_fairview/', 'handle', 'city-of_fairview'],
    ['https://www.youtube.com/@%E5%B8%82%E8%AD%B0%E4%BC%9A', 'handle', '市議会'],
    [`https://www.youtube.com/channel/${CHANNEL}`, 'id', CHANNEL],
    [`https://www.youtube.com/channel/${CHANNEL}/streams`, 'id', CHANNEL],
    ['https://www.youtube.com/c/FairviewTV', 'custom', 'FairviewTV'],
    ['https://www.youtube.com/user/fairviewcity/', 'user', 'fairviewcity'],
  ])('%s is channel by %s', (input, by, value) => {
    expect(sourceOf(input)).toEqual({ kind: 'channel', by, value });
  });

  it.each([
    `https://www.youtube.com/playlist?list=${PLAYLIST}`,
    `youtube.com/playlist?list=${PLAYLIST}&si=xyz`,
    `https://music.youtube.com/playlist?list=${PLAYLIST}`,
    `https://www.youtube.com/watch?list=${PLAYLIST}`,
    `https://www.youtube.com/embed/videoseries?list=${PLAYLIST}`,
  ])('%s is a playlist', (input) => {
    expect(sourceOf(input)).toEqual({ kind: 'playlist', playlistId: PLAYLIST });
  });

  it('reads fixture keys', () => {
    expect(sourceOf('fixture:fairview-council')).toEqual({ kind: 'fixture', key: 'fairview-council' });
    expect(parseYoutubeUrl('fixture:Fairview').ok).toBe(false);
    expect(parseYoutubeUrl('fixture:').ok).toBe(false);
    expect(parseYoutubeUrl('fixture:../etc/passwd').ok).toBe(false);
  });
});

describe('parseYoutubeUrl: garbage', () => {
  it.each([
    '',
    '   ',
    'hello world',
    'not a url at all',
    `https://vimeo.com/123456789`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?u=youtube.com/watch?v=${ID}`,
    `https://www.youtube.com@evil.example/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `javascript:alert('https://www.youtube.com/watch?v=${ID}')`,
    `data:text/html,youtube.com`,
    `ftp://youtube.com/watch?v=${ID}`,
    'https://www.youtube.com/watch?v=dQw4w9WgXcQx',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgX$Q',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch',
    'https://youtu.be/',
    'https://youtu.be/dQw4w9WgXcQxx',
    'https://www.youtube.com/',
    'https://www.youtube.com/feed/subscriptions',
    'https://www.youtube.com/channel/UCshort',
    'https://www.youtube.com/channel/XXBR8-60-B28hp2BmDPdntcQ',
    'https://www.youtube.com/@ab',
    'https://www.youtube.com/c/',
    'https://www.youtube.com/playlist?list=WL',
    'https://www.youtube.com/playlist',
    'https://www.youtube.com/shorts/',
  ])('%s is refused with a reason', (input) => {
    const result = parseYoutubeUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/\w/);
  });

  it('names the foreign host in the reason', () => {
    expect(parseYoutubeUrl('https://vimeo.com/1')).toEqual({
      ok: false,
      reason: 'vimeo.com is not a YouTube address',
    });
  });
});

describe('isVideoHostUrl and suggestContentType', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    'youtube.com/@fairview',
    `https://youtu.be/${ID}`,
    'https://vimeo.com/123456',
    'https://player.vimeo.com/video/123456',
    'HTTPS://M.YOUTUBE.COM/',
  ])('%s is a video address', (url) => {
    expect(isVideoHostUrl(url)).toBe(true);
    expect(suggestContentType(url)).toBe('video');
  });

  it.each([
    'https://fairview.example/council/agendas',
    'https://youtube.com.evil.example/watch',
    'https://notvimeo.com/1',
    'https://example.com/?next=youtube.com',
    '',
    'javascript:alert(1)',
  ])('%s is a site', (url) => {
    expect(isVideoHostUrl(url)).toBe(false);
    expect(suggestContentType(url)).toBe('site');
  });
});

describe('watchUrl', () => {
  it('builds the watch link with an optional whole-second start', () => {
    expect(watchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl(ID, 125.8)).toBe(`https://www.youtube.com/watch?v=${ID}&t=125s`);
    expect(watchUrl(ID, 0)).toBe(`https://www.youtube.com/watch?v=${ID}&t=0s`);
    expect(watchUrl(ID, -3)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl(ID, Number.NaN)).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });
});

describe('embedUrl', () => {
  const embed = `https://www.youtube.com/embed/${ID}`;

  it('embeds watch-style links, short links, embed links and bare ids', () => {
    expect(embedUrl(`https://www.youtube.com/watch?v=${ID}`)).toBe(embed);
    expect(embedUrl(`https://m.youtube.com/watch?v=${ID}&list=${PLAYLIST}`)).toBe(embed);
    expect(embedUrl(`https://youtu.be/${ID}`)).toBe(embed);
    expect(embedUrl(`https://www.youtube.com/embed/${ID}`)).toBe(embed);
    expect(embedUrl(`https://www.youtube.com/live/${ID}?si=abc`)).toBe(embed);
    expect(embedUrl(ID)).toBe(embed);
  });

  it('adds the start time, from the argument first, else from the link', () => {
    expect(embedUrl(ID, 61.5)).toBe(`${embed}?start=61`);
    expect(embedUrl(`https://youtu.be/${ID}?t=90`)).toBe(`${embed}?start=90`);
    expect(embedUrl(`https://youtu.be/${ID}?t=90`, 10)).toBe(`${embed}?start=10`);
  });

  it('returns null for links the player page cannot embed', () => {
    expect(embedUrl(`https://www.youtube.com/shorts/${ID}`)).toBeNull();
    expect(embedUrl(`https://www.youtube.com/playlist?list=${PLAYLIST}`)).toBeNull();
    expect(embedUrl('https://www.youtube.com/@fairview')).toBeNull();
    expect(embedUrl('https://vimeo.com/123456')).toBeNull();
    expect(embedUrl('')).toBeNull();
    expect(embedUrl('dQw4w9WgXcQx')).toBeNull();
  });
});

describe('embeddableVideoId (GET /api/videos/:id sends it as embed_video_id)', () => {
  const id = ID;
  it.each([
    [`https://www.youtube.com/watch?v=${id}&t=30s`, id],
    [`https://youtu.be/${id}`, id],
    [`https://www.youtube.com/live/${id}`, id],
    [`https://www.youtube.com/embed/${id}`, id],
    [`https://m.youtube.com/watch?v=${id}&list=PLabcdefghijkl`, id],
    [null, id],
    [`https://www.youtube.com/shorts/${id}`, null],
    ['https://vimeo.com/123456', null],
    ['https://www.youtube.com/playlist?list=PLabcdefghijkl', null],
  ])('%s -> %s', (url, expected) => {
    expect(embeddableVideoId({ video_url: url, video_id: id })).toBe(expected);
  });
});
