import type { AnalysisResults } from '@domain/analysis.js';
import type { MeetingSegment, MeetingVideo } from '@domain/meeting.js';
import type { NewsStory } from '@domain/news-story.js';
import type { NewsroomView } from '@domain/newsroom.js';

/** GET /api/videos/:id of a Fairview meeting (platform id dQw4w9WgXcQ, embeddable). */
export function meetingAnswer(overrides: Partial<MeetingVideo> = {}): MeetingVideo {
  return {
    id: 'v1', video_id: 'dQw4w9WgXcQ', city_id: 'c1', title: 'Council meeting', description: 'Budget and parks.',
    transcript: 'Mayor: Welcome.', channel_title: 'City of Fairview', published_at: '2026-03-01T12:00:00.000Z',
    thumbnail_url: null, video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', embed_video_id: 'dQw4w9WgXcQ',
    analysis_results: null, news_story: null,
    story_generated_at: null, city: { id: 'c1', name: 'Fairview', state: 'CA', location_key: 'fairview-ca' },
    ...overrides,
  };
}

/** A line every 30 s: "Line 0" at 0:00, "Line 1" at 0:30, ... */
export function segmentsAnswer(count: number): { segments: MeetingSegment[] } {
  return {
    segments: Array.from({ length: count }, (_, i) => ({
      start_ms: i * 30_000, end_ms: i * 30_000 + 29_000, speaker: i < 2 ? 'Mayor Ruiz' : 'Clerk Ortiz', text: `Line ${i} about the budget`,
    })),
  };
}

export function analysisAnswer(overrides: Partial<AnalysisResults> = {}): AnalysisResults {
  return {
    summary: 'The council passed the budget.',
    highlights: [
      {
        timestamp: '1:30', start_ms: 90_000, point_of_interest: 'Budget vote',
        quotes: [
          { text: 'We pass this budget tonight', speaker: 'Mayor Ruiz', verification_status: 'verified', start_ms: 90_000 },
          { text: 'the parks get more money', speaker: 'Clerk Ortiz', verification_status: 'paraphrased', start_ms: 120_000 },
          { text: 'an invented line', speaker: 'Someone', verification_status: 'unverified', start_ms: null },
        ],
      },
    ],
    action_items: [{ description: 'Publish the budget', responsible_party: 'City Clerk', due_date: 'April 1' }],
    entities: [{ name: 'Lindgren Park', type: 'place', context: 'Renovation' }],
    generator: { kind: 'local', model: 'local-analyzer', generated_at: '2026-03-02T10:00:00.000Z' },
    ...overrides,
  };
}

export function storyAnswer(overrides: Partial<NewsStory> = {}): NewsStory {
  return {
    article: { headline: 'Council passes budget', body: 'First paragraph.\n\nSecond paragraph.', word_count: 412, primary_focus: 'Budget' },
    sidebar_elements: {
      quote_block: { quote: 'We pass this budget tonight', attribution: 'Mayor Ruiz', context: 'At the vote', verification_status: 'verified', start_ms: 90_000 },
      quick_facts: ['Vote was 5-0'],
      background: 'The budget was debated for months.',
    },
    metadata: { sources_used: ['transcript'], next_meeting_date: 'April 14, 2026', follow_up_needed: false, uncertainty_notes: ['Totals were not read aloud'] },
    notes: 'Written from the transcript.',
    generator: { kind: 'openai', model: 'gpt-test', generated_at: '2026-03-02T10:00:00.000Z' },
    ...overrides,
  };
}

/** GET /api/videos/:id's `story_record` (issue 24): nothing reviewed, updated or corrected unless told. */
export function storyRecordAnswer(overrides: Partial<NonNullable<MeetingVideo['story_record']>> = {}): NonNullable<MeetingVideo['story_record']> {
  return { updated_at: null, reviewed_at: null, in_review: false, corrections: [], ...overrides };
}

/** GET /api/admin/videos/:id/story of meeting v1 with a draft waiting and nothing published. */
export function newsroomViewAnswer(overrides: Partial<NewsroomView> = {}): NewsroomView {
  return {
    video: { id: 'v1', video_id: 'dQw4w9WgXcQ', title: 'Council meeting' },
    city: { id: 'c1', name: 'Fairview', location_key: 'fairview-ca', story_review: true },
    state: 'draft', version: 'v-1', published: null,
    draft: { story: JSON.stringify(storyAnswer({ article: { headline: 'Draft: council passes budget', body: 'Draft paragraph.', word_count: 2, primary_focus: 'Budget' } })), generated_at: '2026-03-03T10:00:00.000Z' },
    edited_at: null, reviewed_at: null, reviewed_by: null, updated_at: null, corrections: [], revisions: [], transcript_available: true,
    ...overrides,
  };
}
