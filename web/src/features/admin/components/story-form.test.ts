import { describe, expect, it } from 'vitest';
import { storyAnswer } from '@testing/meeting-builders.js';
import { articleText, formChanged, storyEditOf, storyFormOf } from './story-form.js';

const story = storyAnswer();

describe('the story form', () => {
  it('starts from the stored story: the lede is the first paragraph, the rest is the body', () => {
    const form = storyFormOf(story);
    expect(form).toMatchObject({ headline: 'Council passes budget', lede: 'First paragraph.', body: 'Second paragraph.', next_meeting_date: 'April 14, 2026', correction_note: '' });
    expect(form.quote_block).toEqual({ quote: 'We pass this budget tonight', attribution: 'Mayor Ruiz', context: 'At the vote' });
    expect(articleText(form)).toBe(story.article.body);
  });

  it('sends trimmed fields with the version, drops blank quick facts and sends an empty next meeting as none', () => {
    const form = { ...storyFormOf(story), headline: '  New headline ', quick_facts: ['Vote was 4-1', '  ', ''], next_meeting_date: ' ' };
    expect(storyEditOf(form, 'v1', 'published')).toEqual({
      version: 'v1',
      headline: 'New headline',
      lede: 'First paragraph.',
      body: 'Second paragraph.',
      quick_facts: ['Vote was 4-1'],
      background: 'The budget was debated for months.',
      quote_block: { quote: 'We pass this budget tonight', attribution: 'Mayor Ruiz', context: 'At the vote' },
      next_meeting_date: null,
      follow_up_needed: false,
    });
  });

  it('sends a correction note with a published story only (a draft has no readers to correct)', () => {
    const form = { ...storyFormOf(story), correction_note: ' The vote was 4-1. ' };
    expect(storyEditOf(form, 'v1', 'published').correction_note).toBe('The vote was 4-1.');
    expect(storyEditOf(form, 'v1', 'draft')).not.toHaveProperty('correction_note');
  });

  it('counts a change once the sent fields differ: whitespace and an empty added line are not changes', () => {
    const initial = storyFormOf(story);
    expect(formChanged(initial, { ...initial, headline: `${initial.headline} ` }, 'published')).toBe(false);
    expect(formChanged(initial, { ...initial, quick_facts: [...initial.quick_facts, ''] }, 'published')).toBe(false);
    expect(formChanged(initial, { ...initial, quote_block: null }, 'published')).toBe(true);
    expect(formChanged(initial, { ...initial, correction_note: 'A note' }, 'published')).toBe(true);
    expect(formChanged(initial, { ...initial, correction_note: 'A note' }, 'draft')).toBe(false);
  });
});
