import type { ResourceFixtures } from './resource-fixtures.js';

/**
 * Every JSON write route of the resource routers with a body that would be accepted: the
 * bad-input tests break each body one way at a time and expect a refusal that changes nothing.
 */
type WriteMethod = 'post' | 'patch' | 'delete';

export interface WriteRoute {
  method: WriteMethod;
  path: (f: ResourceFixtures) => string;
  /** A body that would be accepted; the tests break it one way at a time. */
  valid: (f: ResourceFixtures) => Record<string, unknown>;
  /** Per field: values of a wrong type (default: a number and an array). */
  wrongTypes?: Record<string, unknown[]>;
  /** Length past the field's limit (default 100,001). */
  oversize?: Record<string, number>;
  /** Fields this route alone may go without (the shared list is in bad-input.test.ts). */
  optional?: string[];
  /** PATCH: an empty body is refused as "nothing to update", a POST as missing fields. */
}

export const NOT_AN_ID = 'not-an-id';
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

export const WRITE_ROUTES: Record<string, WriteRoute> = {
  'POST /api/city-requests': { method: 'post', path: () => '/api/city-requests', valid: () => ({ state: 'Ohio', city_name: 'Dayton', email: 'd@example.org' }) },
  'POST /api/contact': {
    method: 'post',
    path: () => '/api/contact',
    valid: () => ({ email: 'c@example.org', phone: '555-0100', topic: 'Feedback', message: 'Hi' }),
  },
  'POST /api/videos/:id/error-reports': {
    method: 'post',
    path: (f) => `/api/videos/${f.video.id}/error-reports`,
    valid: () => ({ message: 'The vote was 4-1', moment: '1:02:03', email: 'ana@example.org' }),
    // The contact form requires its email; a report's is optional.
    optional: ['moment', 'email'],
  },
  'POST /api/events': {
    method: 'post',
    path: () => '/api/events',
    valid: () => ({ name: 'page_view', properties: { tab: 'timeline' }, path: '/admin/proto/pricing' }),
    wrongTypes: { name: [12, ['page_view']], properties: ['tab', [1], { nested: { a: 1 } }], path: [1, ['/x']] },
  },
  'POST /api/functions/analyzeVideoTranscript': {
    method: 'post',
    path: () => '/api/functions/analyzeVideoTranscript',
    valid: (f) => ({ recordId: f.video.id, videoId: f.video.video_id, transcript: 'x', title: 't', description: 'd' }),
    oversize: { transcript: 2_000_001 },
  },
  'POST /api/functions/writeTranscriptStory': {
    method: 'post',
    path: () => '/api/functions/writeTranscriptStory',
    valid: (f) => ({ recordId: f.bareVideo.id, additionalContext: 'Focus on the bridge' }),
    wrongTypes: { recordId: [1, []], additionalContext: [1, ['a']] },
  },
  'POST /api/functions/fetchYoutubeTranscript': { method: 'post', path: () => '/api/functions/fetchYoutubeTranscript', valid: (f) => ({ videoId: f.bareVideo.video_id }) },
  'POST /api/functions/fetchYoutubeVideos': {
    method: 'post',
    path: () => '/api/functions/fetchYoutubeVideos',
    valid: (f) => ({ url: 'fixture:fairview-city-council', cityId: f.fairview.id }),
  },
  'POST /api/admin/cities': {
    method: 'post',
    path: () => '/api/admin/cities',
    valid: () => ({ name: 'Cedar Hollow', county: 'Larch', state: 'WA', status: 'New', primary_color: '#112233' }),
  },
  'PATCH /api/admin/cities/:id': { method: 'patch', path: (f) => `/api/admin/cities/${f.riverton.id}`, valid: () => ({ status: 'Live', tag_line: 'On the river' }) },
  'POST /api/admin/cities/:id/urls': {
    method: 'post',
    path: (f) => `/api/admin/cities/${f.fairview.id}/urls`,
    valid: () => ({ url: 'https://fairview.example.gov/agendas', title: 'Agendas', content_type: 'site', source_type: 'city' }),
  },
  'PATCH /api/admin/urls/:id': { method: 'patch', path: (f) => `/api/admin/urls/${f.source.id}`, valid: () => ({ title: 'Council', entity_type: 'City Council' }) },
  'PATCH /api/admin/videos/:id': {
    method: 'patch',
    path: (f) => `/api/admin/videos/${f.video.id}`,
    valid: () => ({ title: 'New title', description: 'New description', transcript: 'A new transcript.' }),
    oversize: { transcript: 2_000_001 },
  },
  'PATCH /api/admin/businesses/:id': {
    method: 'patch',
    path: (f) => `/api/admin/businesses/${f.listings[0]?.id}`,
    valid: () => ({ name: 'Zeta Hardware & Keys', website: 'zeta.example', listing_tier: 'Tier 2', email: 'z@zeta.example' }),
  },
};
