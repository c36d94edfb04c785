import { describe, expect, it } from 'vitest';
import { readNewSource } from './source-input.js';

describe('readNewSource', () => {
  it('makes a YouTube address a video source (spec §5) of source type city by default', () => {
    expect(readNewSource({ url: ' https://www.youtube.com/@FairviewCityCouncil ', title: ' Council ' })).toEqual({
      url: 'https://www.youtube.com/@FairviewCityCouncil',
      title: 'Council',
      content_type: 'video',
      source_type: 'city',
    });
    expect(readNewSource({ url: 'youtube.com/playlist?list=PLabcdefghijkl' })).toMatchObject({
      url: 'https://youtube.com/playlist?list=PLabcdefghijkl',
      content_type: 'video',
    });
  });

  it('makes a fixture key a video source and any other web address a site', () => {
    expect(readNewSource({ url: 'fixture:fairview-city-council' })).toMatchObject({ content_type: 'video', title: null });
    expect(readNewSource({ url: 'fairview.gov/agendas', sourceType: 'School_District', entityType: 'Board' })).toEqual({
      url: 'https://fairview.gov/agendas',
      title: null,
      content_type: 'site',
      source_type: 'school_district',
      entity_type: 'Board',
    });
  });

  it('gives the reason a video address cannot be read', () => {
    expect(() => readNewSource({ url: 'https://www.youtube.com/watch?v=short' })).toThrow(/a video id is exactly 11/);
    expect(() => readNewSource({ url: 'https://vimeo.com/12345' })).toThrow(/vimeo\.com is not a YouTube address/);
    expect(() => readNewSource({ url: 'https://fairview.gov/meetings', contentType: 'video' })).toThrow(/Not a YouTube channel/);
    expect(() => readNewSource({ url: 'fixture:Bad Key' })).toThrow(/contains spaces/);
    expect(() => readNewSource({ url: 'fixture:BadKey' })).toThrow(/fixture key/);
  });

  it('refuses what is not a web address for other content types, and unknown types', () => {
    expect(() => readNewSource({ url: '' })).toThrow('A source URL is required');
    expect(() => readNewSource({ url: 'javascript:alert(1)' })).toThrow(/Not a web address/);
    expect(() => readNewSource({ url: 'fixture:demo', contentType: 'text' })).toThrow(/Not a web address/);
    expect(() => readNewSource({ url: 'https://fairview.gov', contentType: 'pdf' })).toThrow(/Unknown content type "pdf"/);
    expect(() => readNewSource({ url: 'https://fairview.gov', sourceType: 'federal' })).toThrow(/Unknown source type "federal"/);
  });
});
