import { z } from 'zod/mini';
import { DECISION_OUTCOMES, tallySchema, VOTE_KINDS, type Decision } from './decisions.js';
import type { NewsStory } from './news-story.js';

/**
 * The newsroom (issue 24): what an editor sends to change a story or a decision, and what the
 * editor, the CLI and public pages read back. Server, CLI and web share these schemas, written
 * with zod/mini as every core/domain schema the web app loads (session.ts says why).
 */

const MAX_HEADLINE = 300;
const MAX_LEDE = 3000;
const MAX_STORY_BODY = 30_000;
export const MAX_QUICK_FACTS = 15;
export const MAX_CORRECTION_NOTE = 2000;

export const NOTHING_CHANGED = 'Nothing changed: edit a field or write a correction note.';
export const NO_STORY_TO_EDIT = 'This meeting has no story to edit yet.';
export const PLAIN_TEXT_STORY = 'This story is plain text from elsewhere; regenerate it before editing.';
export const NO_DRAFT = 'There is no draft waiting for review.';
export const STORY_CHANGED = 'The story changed since you opened it (regenerated or edited by someone else); reload it and edit again.';
export const NOTE_NEEDS_PUBLISHED = 'A correction note is for what readers have seen; this story is a draft nobody has read yet.';
export const NO_DECISIONS = 'This meeting has no decisions record to edit.';
export const EDITED_STORY_REGENERATE =
  'A person edited this story. Regenerating replaces their edits (they stay in the story\'s history); confirm to go ahead.';

/** Trimmed text of at most `max` characters; `required` is the message when it is empty (then it may not be). */
const line = (max: number, label: string, required?: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`), ...(required ? [z.minLength(1, required)] : []));

const quoteEditSchema = z.object({
  quote: line(1000, 'The quote', 'The quote is empty; remove the quote block instead.'),
  attribution: line(200, 'The attribution', 'Say who said the quote.'),
  context: line(1000, 'The quote context'),
});

const version = z.optional(z.string().check(z.maxLength(64)));
const correctionNote = z.optional(z.nullable(line(MAX_CORRECTION_NOTE, 'The correction note')));

export const storyEditSchema = z.strictObject({
  /** The version the editor opened (NewsroomView.version): a save over a newer story is refused. */
  version,
  headline: line(MAX_HEADLINE, 'The headline', 'A headline is required.'),
  /** The first paragraph. */
  lede: line(MAX_LEDE, 'The lede', 'A lede is required.'),
  /** The paragraphs after the lede, separated by blank lines. */
  body: line(MAX_STORY_BODY, 'The body'),
  quick_facts: z
    .array(line(500, 'A quick fact', 'A quick fact is empty.'))
    .check(z.maxLength(MAX_QUICK_FACTS, `At most ${MAX_QUICK_FACTS} quick facts.`)),
  background: line(4000, 'The background'),
  quote_block: z.nullable(quoteEditSchema),
  next_meeting_date: z.nullable(line(200, 'The next meeting')),
  follow_up_needed: z.boolean(),
  correction_note: correctionNote,
});
export type StoryEdit = z.infer<typeof storyEditSchema>;

export const decisionEditSchema = z.strictObject({
  version,
  /** Position in the meeting's decisions list as read. */
  index: z.number().check(z.int(), z.nonnegative()),
  item: z.nullable(line(500, 'The item')),
  item_number: z.nullable(line(100, 'The item number')),
  outcome: z.enum(DECISION_OUTCOMES),
  tally: z.nullable(tallySchema),
  vote_kind: z.nullable(z.enum(VOTE_KINDS)),
  correction_note: correctionNote,
});
export type DecisionEdit = z.infer<typeof decisionEditSchema>;

/** `POST /api/admin/error-reports/:id/resolve`: the optional note published as the report is closed. */
export const resolveReportSchema = z.object({ correction_note: correctionNote });

export const correctionSchema = z.object({
  note: line(MAX_CORRECTION_NOTE, 'The correction note', 'Write the correction note.'),
});

/** The editable fields of a story, as the editor form shows them. */
export function editableStory(story: NewsStory): Omit<StoryEdit, 'version' | 'correction_note'> {
  const [lede = '', ...rest] = splitParagraphs(story.article.body);
  const block = story.sidebar_elements.quote_block;
  return {
    headline: story.article.headline,
    lede,
    body: rest.join('\n\n'),
    quick_facts: story.sidebar_elements.quick_facts,
    background: story.sidebar_elements.background,
    quote_block: block ? { quote: block.quote, attribution: block.attribution, context: block.context } : null,
    next_meeting_date: story.metadata.next_meeting_date,
    follow_up_needed: story.metadata.follow_up_needed,
  };
}

export function splitParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The story with an edit applied; the quote block's verification is the caller's to set. */
export function applyStoryEdit(story: NewsStory, edit: StoryEdit): NewsStory {
  const body = [edit.lede, ...splitParagraphs(edit.body)].join('\n\n');
  const before = story.sidebar_elements.quote_block;
  const sameQuote = before !== null && edit.quote_block !== null && before.quote === edit.quote_block.quote;
  return {
    ...story,
    article: { ...story.article, headline: edit.headline, body, word_count: countWords(body) },
    sidebar_elements: {
      ...story.sidebar_elements,
      quick_facts: edit.quick_facts,
      background: edit.background,
      quote_block: edit.quote_block ? { ...edit.quote_block, ...(sameQuote ? pickVerification(before) : {}) } : null,
    },
    metadata: { ...story.metadata, next_meeting_date: edit.next_meeting_date || null, follow_up_needed: edit.follow_up_needed },
  };
}

function pickVerification(block: NonNullable<NewsStory['sidebar_elements']['quote_block']>) {
  return { verification_status: block.verification_status, start_ms: block.start_ms };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Which editable fields differ, by name ("headline", "quick_facts"…), in form order. */
export function changedStoryFields(before: NewsStory, after: NewsStory): string[] {
  const a = editableStory(before);
  const b = editableStory(after);
  return (Object.keys(b) as (keyof typeof b)[]).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** The decision with an edit applied (evidence, mover and seconder stay as heard). */
export function applyDecisionEdit(decision: Decision, edit: DecisionEdit): Decision {
  return {
    ...decision,
    item: edit.item || null,
    item_number: edit.item_number || null,
    outcome: edit.outcome,
    tally: edit.tally,
    vote_kind: edit.vote_kind,
  };
}

export function changedDecisionFields(index: number, before: Decision, after: Decision): string[] {
  const keys = ['item', 'item_number', 'outcome', 'tally', 'vote_kind'] as const;
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => `decisions[${index}].${key}`);
}

/**
 * Passages an editor put in quotation marks ("…", “…”) that were not quoted before: each must be
 * words of the transcript, or it is prose and loses its marks. Short phrases (fewer than three
 * words) are names and titles, not quotes.
 */
export function newQuotedPassages(before: string, after: string): string[] {
  const old = new Set(quotedPassages(before));
  return quotedPassages(after).filter((passage) => !old.has(passage) && countWords(passage) >= 3);
}

function quotedPassages(text: string): string[] {
  return [...text.matchAll(/["“]([^"“”]+)["”]/g)].map((match) => (match[1] ?? '').trim()).filter(Boolean);
}

const STORY_STATES = ['none', 'published', 'draft', 'published_with_draft'] as const;
export type StoryState = (typeof STORY_STATES)[number];

const revisionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  author: z.nullable(z.string()),
  action: z.enum(['generated', 'edited', 'approved', 'corrected']),
  target: z.enum(['published', 'draft', 'decisions']),
  changed: z.array(z.string()),
  correction_note: z.nullable(z.string()),
});
export type Revision = z.infer<typeof revisionSchema>;

const correctionNoteSchema = z.object({ at: z.string(), note: z.string() });
export type CorrectionNote = z.infer<typeof correctionNoteSchema>;

/** What an editor (web or `civic story show --json`) reads about one meeting's story. */
export const newsroomViewSchema = z.object({
  video: z.object({ id: z.string(), video_id: z.string(), title: z.nullable(z.string()) }),
  city: z.nullable(z.object({ id: z.string(), name: z.string(), location_key: z.string(), story_review: z.boolean() })),
  state: z.enum(STORY_STATES),
  version: z.string(),
  /** Stored text of what the public sees, and of the draft waiting for review. */
  published: z.nullable(z.object({ story: z.string(), generated_at: z.nullable(z.string()) })),
  draft: z.nullable(z.object({ story: z.string(), generated_at: z.nullable(z.string()) })),
  edited_at: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  reviewed_by: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  corrections: z.array(correctionNoteSchema),
  revisions: z.array(revisionSchema),
  transcript_available: z.boolean(),
});
export type NewsroomView = z.infer<typeof newsroomViewSchema>;

/** A draft waiting in the Admin Panel's queue. */
export const draftRowSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  title: z.nullable(z.string()),
  city: z.nullable(z.string()),
  draft_generated_at: z.nullable(z.string()),
});
export type DraftRow = z.infer<typeof draftRowSchema>;

/** What visitors read about a story's care: "Updated", reviewed, and the correction notes. */
export interface StoryRecord {
  updated_at: string | null;
  reviewed_at: string | null;
  in_review: boolean;
  corrections: CorrectionNote[];
}
