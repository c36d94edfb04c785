import { describe, expect, it } from 'vitest';
import type { NewsroomView } from '../../core/domain/newsroom.js';
import { changedFields, describeSaved, describeStoryView } from './newsroom-text.js';

const VIEW: NewsroomView = {
  video: { id: 'a1b2', video_id: 'fvCC2026a01', title: 'Council meeting' },
  city: { id: 'c1', name: 'Fairview', location_key: 'fairview-ca', story_review: true },
  state: 'none',
  version: '0123456789abcdef',
  published: null,
  draft: null,
  edited_at: null,
  reviewed_at: null,
  reviewed_by: null,
  updated_at: null,
  corrections: [],
  revisions: [],
  transcript_available: true,
};

describe('newsroom text', () => {
  it('names changed decisions from 1, as civic story decision takes them, grouped by decision', () => {
    expect(changedFields(['headline', 'quick_facts'])).toBe('headline, quick_facts');
    expect(changedFields(['decisions[0].outcome', 'decisions[0].tally', 'decisions[2].item'])).toBe('decision 1: outcome, tally; decision 3: item');
  });

  it('says when there is no story yet, the city reviews stories, and how to write one', () => {
    const text = describeStoryView(VIEW, undefined);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Council meeting (video fvCC2026a01)',
      '  City:         Fairview (fairview-ca), stories wait for review',
      '  State:        no story yet',
    ]);
    expect(text).toContain('History: nothing edited, approved or corrected yet');
    expect(text.endsWith('civic story fvCC2026a01 writes the story.')).toBe(true);
  });

  it('says an approval published the draft', () => {
    const approved = { ...VIEW, revisions: [{ id: 'r1', created_at: '2026-01-14T10:00:00.000Z', author: 'ed@example.org', action: 'approved' as const, target: 'published' as const, changed: [], correction_note: null }] };
    expect(describeSaved(approved)).toBe('Published the draft of "Council meeting" (fvCC2026a01) as ed@example.org; readers see it now');
    expect(describeStoryView(approved, undefined)).toContain('  2026-01-14 10:00 UTC  ed@example.org approved the draft and published it');
  });
});
