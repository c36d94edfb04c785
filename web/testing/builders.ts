import type { AdminVideo } from '@domain/admin.js';
import type { City, CityVideoCard } from '@domain/city.js';
import type { Profile } from '@domain/profile.js';

/** A city as GET /api/cities answers it: `cityAnswer('Fairview', 'fairview-ca', {county: ...})`. */
export function cityAnswer(name: string, locationKey: string, overrides: Partial<City> = {}): City {
  return {
    id: locationKey, name, state: 'CA', county: null, location_key: locationKey, description: null, tag_line: null,
    image_url: null, domain: null, primary_color: '#3B82F6', secondary_color: '#1E40AF', icon: null, status: 'Live',
    ...overrides,
  };
}

/** A meeting card of GET /api/cities/:key/videos. */
export function videoCardAnswer(id: string, overrides: Partial<CityVideoCard> = {}): CityVideoCard {
  return {
    id, video_id: `yt-${id}`, city_id: 'c1', city_urls_id: null, title: `Meeting ${id}`, description: null, channel_title: null,
    published_at: '2026-03-01T12:00:00.000Z', created_at: '2026-03-01T12:00:00.000Z', thumbnail_url: null, video_url: null,
    story_generated_at: null, has_transcript: false, has_analysis: false, has_story: false, summary: null,
    ...overrides,
  };
}

/** GET /api/profile of the member of `memberSession()` (id 'user-1'). */
export function profileAnswer(overrides: Partial<Profile> = {}): Profile {
  return { id: 'user-1', username: null, home_city_key: null, preferences: {}, role: 'member', ...overrides };
}

/** A video as the admin routes answer it (GET /api/admin/videos/:id, a stage's retry). */
export function adminVideoAnswer(id: string, overrides: Partial<AdminVideo> = {}): AdminVideo {
  return {
    id, video_id: 'dQw4w9WgXcQ', city_id: '5f0c1a52-8a5e-4c3b-9d57-0d2b1f6a7e01', title: 'Council, March 1', description: null,
    transcript: null, channel_title: 'Fairview Council', published_at: '2026-03-01T02:00:00.000Z', thumbnail_url: null,
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', analysis_results: null, news_story: null, story_generated_at: null,
    city: null, city_urls_id: null, created_at: '2026-03-01T03:00:00.000Z', transcript_edited_at: null, stages: [],
    ...overrides,
  };
}
