/** What a city export holds and how it is written (issue 27): the API, the CLI and the page offer the same. */
export const EXPORT_WHATS = ['meetings', 'decisions', 'transcripts'] as const;
export type ExportWhat = (typeof EXPORT_WHATS)[number];
export const EXPORT_FORMATS = ['ndjson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
