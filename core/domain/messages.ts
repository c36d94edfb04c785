/**
 * The spec's words (§5 validation, §8 error catalogue) that more than one place says: core's
 * refusals, the server's answers, the CLI's lines and the site's toasts and empty states. Typed
 * once here, so a front door cannot drift from the spec or from another (core/domain/messages.test.ts
 * reads each against spec.md's text). Messages only one place says stay with it.
 */

// Spec §5: what a stage needs before it can run.
export const NO_TRANSCRIPT_MESSAGE = 'Video must have a transcript to run analysis';
export const NO_ANALYSIS_MESSAGE = 'Analysis results are required to generate a story';
export const URL_REQUIRED_MESSAGE = 'URL is required to refresh videos';
/** Spec §5, create city: the toast's title and description. */
export const CITY_FIELDS_REQUIRED_TITLE = 'Please fill in required fields';
export const NAME_AND_COUNTY_REQUIRED = 'Name and county are required';

// Spec §8, admin fetch and refresh.
export const ANALYSIS_DONE_MESSAGE = 'Analysis completed successfully';
export const ANALYSIS_FAILED_MESSAGE = 'Analysis failed';
export const VIDEOS_REFRESHED_MESSAGE = 'Videos refreshed successfully';
export const FETCH_CITIES_FAILED = 'Failed to fetch cities';
export const FETCH_VIDEOS_FAILED = 'Failed to fetch videos';
export const FETCH_TRANSCRIPT_FAILED = 'Failed to fetch transcript';

// Spec §8, empty states.
export const CITY_NOT_FOUND = 'City not found';
export const NO_CITY_URLS = 'No URLs found for this city';
export const NO_URL_VIDEOS = 'No videos found for this URL';
export const NO_CITY_VIDEOS = 'No videos found for this city';
export const NO_VIDEO_DETAILS = 'No video details found';
export const NO_BUSINESSES_FOUND = 'No businesses found matching your criteria.';
// The admin tools' words where there is nothing yet (beyond the spec's list, said alike by the CLI).
export const NO_TRANSCRIPT_YET = 'No transcript available';
export const NO_ANALYSIS_YET = 'No analysis available';
export const NO_STORY_YET = 'No story available';

// Spec §6: a non-admin on an admin screen (the site's page and the API's 403 say the same).
export const NOT_ADMIN_MESSAGE = "You don't have permission to access the admin panel.";
