/**
 * The cache keys of a meeting's newsroom view and of the drafts queue (newsroom-view.ts). Apart
 * from it: writing a story on the public page refreshes the view by its key, without loading
 * the view's schema (core/domain/newsroom.ts) for every reader of a story (issue 25).
 */
export const newsroomKey = (videoId: string) => ['admin', 'newsroom', videoId] as const;
export const DRAFTS_KEY = ['admin', 'drafts'] as const;
