/** What a city export holds and how it is written (issue 27): the API, the CLI and the page offer the same. */
export const EXPORT_WHATS = ['meetings', 'decisions', 'transcripts'] as const;
export type ExportWhat = (typeof EXPORT_WHATS)[number];
export const EXPORT_FORMATS = ['ndjson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const seg = (value: string) => encodeURIComponent(value);

/** Where the site links its downloads (server/routes/exports.ts answers them). */
export const exportPaths = {
  transcript: (videoId: string, format: 'vtt' | 'srt' | 'txt') => `/api/videos/${seg(videoId)}/transcript.${format}`,
  analysis: (videoId: string) => `/api/videos/${seg(videoId)}/analysis.json`,
  cityDecisions: (locationKey: string) => `/api/cities/${seg(locationKey)}/decisions.csv`,
};

/** The Atom feeds (core/feeds): every public city's meetings, and one city's. */
export const feedPaths = {
  all: '/feeds/meetings.atom',
  city: (locationKey: string) => `/feeds/city/${seg(locationKey)}.atom`,
};
