import type { City, CityRef, CityStats, CityStatsRow, CityUrlWithStats, CityWithCounts } from '../../core/index.js';

/** The city fields of spec §3 (no internal timestamps). */
export function presentCity(city: City) {
  return {
    id: city.id,
    name: city.name,
    state: city.state,
    county: city.county,
    location_key: city.location_key,
    description: city.description,
    tag_line: city.tag_line,
    image_url: city.image_url,
    domain: city.domain,
    primary_color: city.primary_color,
    secondary_color: city.secondary_color,
    icon: city.icon,
    status: city.status,
  };
}

export function presentCityRef(city: CityRef | null) {
  return city ? { id: city.id, name: city.name, state: city.state, location_key: city.location_key } : null;
}

/** Admin list: the city with how many URLs and videos it has. */
export function presentAdminCity(city: CityWithCounts | City) {
  return {
    ...presentCity(city),
    story_review: city.story_review,
    created_at: city.created_at,
    updated_at: city.updated_at,
    ...('sources' in city ? { url_count: city.sources, video_count: city.videos } : {}),
  };
}

/** A city URL (spec §3 city_urls) with its video count and last refresh. */
export function presentCityUrl(url: CityUrlWithStats | Omit<CityUrlWithStats, 'videos' | 'sync_status' | 'sync_error' | 'sync_finished_at' | 'sync_videos_found'>) {
  return {
    id: url.id,
    title: url.title,
    url: url.url,
    content_type: url.content_type,
    source_type: url.source_type,
    entity_type: url.entity_type,
    created_at: url.created_at,
    updated_at: url.updated_at,
    ...('videos' in url
      ? {
          video_count: url.videos,
          last_refresh: url.sync_status
            ? { status: url.sync_status, error: url.sync_error, finished_at: url.sync_finished_at, videos_found: url.sync_videos_found }
            : null,
        }
      : {}),
  };
}

export function presentCityStats(stats: CityStatsRow): CityStats {
  return { ...stats, last_meeting_at: stats.last_meeting_at?.toISOString() ?? null };
}
