import type { NewsStory } from '@domain/news-story.js';
import { editableStory, type StoryEdit } from '@domain/newsroom.js';

/** Which stored story an edit changes: the draft when one waits for review, else the published one. */
export type EditTarget = 'draft' | 'published';

export interface QuoteFields {
  quote: string;
  attribution: string;
  context: string;
}

/** The story editor's fields, as strings the inputs hold. */
export interface StoryForm {
  headline: string;
  lede: string;
  body: string;
  quick_facts: string[];
  background: string;
  quote_block: QuoteFields | null;
  next_meeting_date: string;
  follow_up_needed: boolean;
  correction_note: string;
}

export const EMPTY_QUOTE: QuoteFields = { quote: '', attribution: '', context: '' };

export function storyFormOf(story: NewsStory): StoryForm {
  const editable = editableStory(story);
  return { ...editable, next_meeting_date: editable.next_meeting_date ?? '', correction_note: '' };
}

/**
 * The PUT body. A blank Quick Facts line is a line added and left empty, not a fact, so it is
 * dropped; an empty next meeting is none. The correction note goes only with a published story:
 * the server refuses one on a draft nobody has read.
 */
export function storyEditOf(form: StoryForm, version: string, target: EditTarget): StoryEdit {
  const note = form.correction_note.trim();
  const next = form.next_meeting_date.trim();
  return {
    version,
    headline: form.headline.trim(),
    lede: form.lede.trim(),
    body: form.body.trim(),
    quick_facts: form.quick_facts.map((fact) => fact.trim()).filter(Boolean),
    background: form.background.trim(),
    quote_block: form.quote_block
      ? { quote: form.quote_block.quote.trim(), attribution: form.quote_block.attribution.trim(), context: form.quote_block.context.trim() }
      : null,
    next_meeting_date: next || null,
    follow_up_needed: form.follow_up_needed,
    ...(target === 'published' && note ? { correction_note: note } : {}),
  };
}

/** Whether saving would send anything new (the server answers "Nothing changed" otherwise). */
export function formChanged(initial: StoryForm, form: StoryForm, target: EditTarget): boolean {
  return JSON.stringify(storyEditOf(initial, '', target)) !== JSON.stringify(storyEditOf(form, '', target));
}

/** The article's text as saved: the lede, then the body's paragraphs. */
export function articleText(form: Pick<StoryForm, 'lede' | 'body'>): string {
  return [form.lede.trim(), form.body.trim()].filter(Boolean).join('\n\n');
}
