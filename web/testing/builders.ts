import type { City, CityVideoCard } from '../../core/domain/city.js';
import type { Profile } from '../../core/domain/profile.js';

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
