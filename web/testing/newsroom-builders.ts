import type { NewsStory } from '@domain/news-story.js';
import type { NewsroomView, Revision } from '@domain/newsroom.js';
import { storyAnswer } from './meeting-builders.js';

/**
 * GET /api/admin/videos/:id/story of a published story nobody edited yet:
 * `newsroomViewAnswer('v1', {draft: ...})`. `storyText` stores a story as the server does.
 */
export function newsroomViewAnswer(id: string, overrides: Partial<NewsroomView> = {}): NewsroomView {
  return {
    video: { id, video_id: 'dQw4w9WgXcQ', title: 'Council, March 1' },
    city: { id: 'c1', name: 'Fairview', location_key: 'fairview-ca', story_review: false },
    state: 'published',
    version: 'version-1',
    published: { story: storyText(), generated_at: '2026-03-02T10:00:00.000Z' },
    draft: null,
    edited_at: null,
    reviewed_at: null,
    reviewed_by: null,
    updated_at: null,
    corrections: [],
    revisions: [],
    transcript_available: true,
    ...overrides,
  };
}

export function storyText(overrides: Partial<NewsStory> = {}): string {
  return JSON.stringify(storyAnswer(overrides));
}

export function revisionAnswer(overrides: Partial<Revision> = {}): Revision {
  return {
    id: 'r1',
    created_at: '2026-03-03T10:00:00.000Z',
    author: 'ed@example.org',
    action: 'edited',
    target: 'published',
    changed: ['headline'],
    correction_note: null,
    ...overrides,
  };
}
