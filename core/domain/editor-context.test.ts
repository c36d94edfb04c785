import { describe, expect, it } from 'vitest';
import { withoutEditorContext } from './editor-context.js';
import type { NewsStory } from './news-story.js';

const CONTEXT = 'Lead with the water rates. Spell the director Ana Ruiz-Ortega.';

function story(echo: string): NewsStory {
  return {
    article: {
      headline: 'Council raises water rates',
      body: `The council voted 4-1 to raise water rates. ${echo}\n\n${echo}\n\nThe increase starts in July.`,
      word_count: 0,
      primary_focus: 'Water rates',
    },
    sidebar_elements: {
      quote_block: { quote: 'We had no choice.', attribution: 'Mayor Ortiz', context: `Said at 12:00. ${echo}`, start_ms: 720_000 },
      quick_facts: ['Vote: 4-1', echo],
      background: `This account is drawn from the video transcript. Editor's context: ${echo}`,
    },
    metadata: { sources_used: ['Meeting transcript'], next_meeting_date: null, follow_up_needed: false, uncertainty_notes: [echo] },
    notes: `Draft. ${echo}`,
  };
}

describe('withoutEditorContext', () => {
  it('takes every sentence of the context out of every public field, whatever the writer did with it', () => {
    const cleaned = withoutEditorContext(story('Lead with the water rates.'), CONTEXT);
    expect(JSON.stringify(cleaned)).not.toMatch(/lead with the water rates/i);
    expect(cleaned.article.body).toBe('The council voted 4-1 to raise water rates.\n\nThe increase starts in July.');
    expect(cleaned.sidebar_elements.quick_facts).toEqual(['Vote: 4-1']);
    expect(cleaned.sidebar_elements.background).toBe('This account is drawn from the video transcript.');
    expect(cleaned.metadata.uncertainty_notes).toEqual([]);
    expect(cleaned.article.headline).toBe('Council raises water rates');
  });

  it('leaves a story alone without a context, and does not strike what only shares a word with it', () => {
    const original = story('Rates rise in July for most homes.');
    expect(withoutEditorContext(original, null)).toBe(original);
    expect(withoutEditorContext(original, CONTEXT).article.body).toContain('Rates rise in July for most homes.');
  });
});
