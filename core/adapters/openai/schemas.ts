import { z } from 'zod';
import { ENTITY_TYPES, type ActionItem, type Entity, type Highlight } from '../../domain/analysis.js';
import { decisionSchema, type Decision } from '../../domain/decisions.js';
import type { NewsStory } from '../../domain/news-story.js';
import { formatTimestamp, parseTimestamp } from '../../domain/transcript.js';

/**
 * What the model is asked to return. OpenAI strict structured outputs need every property
 * required and no extra ones, so these mirror the domain schemas without the fields we fill
 * in ourselves (verification, start_ms, generator, word_count) and with `nullable` where the
 * domain has `optional`. Answers are converted into the domain shapes below and validated
 * again against core/domain before they leave the adapter.
 */
const modelQuoteSchema = z.object({
  text: z.string().describe('Exact words copied from the transcript'),
  speaker: z.string(),
});

const modelHighlightSchema = z.object({
  timestamp: z.string().describe('A timestamp shown in the transcript, H:MM:SS'),
  point_of_interest: z.string(),
  quotes: z.array(modelQuoteSchema),
});

const modelActionItemSchema = z.object({
  description: z.string(),
  responsible_party: z.string(),
  due_date: z.string(),
});

const modelEntitySchema = z.object({
  name: z.string(),
  type: z.enum(ENTITY_TYPES),
  context: z.string(),
});

const modelEvidenceSchema = z.object({
  text: z.string().describe('A sentence copied verbatim from the transcript where the result is stated'),
  timestamp: z.string().describe('The timestamp of the line the sentence is on, H:MM:SS'),
});

/**
 * A decision as the model states it: the domain's record with evidence located by the line's
 * timestamp (as highlights are) instead of milliseconds. The enums are the domain's, so an
 * outcome outside them fails the schema and is retried like any other malformed answer.
 */
const modelDecisionSchema = z.object({
  // The domain's fields (a zod/mini object, which has no .extend), two of them replaced.
  ...decisionSchema.shape,
  // Structured output needs every field: the model says false rather than leaving it out.
  unanimous: z.boolean(),
  evidence: z.array(modelEvidenceSchema).min(1),
});

export const modelAnalysisSchema = z.object({
  summary: z.string(),
  highlights: z.array(modelHighlightSchema),
  action_items: z.array(modelActionItemSchema),
  entities: z.array(modelEntitySchema),
  decisions: z.array(modelDecisionSchema),
});
export type ModelAnalysis = z.infer<typeof modelAnalysisSchema>;

export const modelMergeSchema = z.object({
  summary: z.string(),
});

export const modelStorySchema = z.object({
  article: z.object({
    headline: z.string(),
    body: z.string(),
    primary_focus: z.string(),
  }),
  sidebar_elements: z.object({
    quote_block: z.object({ quote: z.string(), attribution: z.string(), context: z.string() }).nullable(),
    quick_facts: z.array(z.string()),
    background: z.string(),
  }),
  metadata: z.object({
    sources_used: z.array(z.string()),
    next_meeting_date: z.string().nullable(),
    follow_up_needed: z.boolean(),
    uncertainty_notes: z.array(z.string()),
  }),
  notes: z.string(),
});
export type ModelStory = z.infer<typeof modelStorySchema>;

/** The JSON schema names the requests carry; the fake server answers by them. */
export const SCHEMA_NAMES = { analysis: 'meeting_analysis', merge: 'analysis_merge', story: 'news_story' } as const;

/**
 * A highlight with its timestamp pinned to a moment the transcript really has: the model's
 * "0:05:12" is parsed, snapped to the nearest segment start and shown as readers see it.
 */
export function toHighlight(highlight: ModelAnalysis['highlights'][number], segmentStarts: readonly number[]): Highlight {
  const startMs = snapTimestamp(highlight.timestamp, segmentStarts);
  return {
    timestamp: startMs === null ? highlight.timestamp.trim() : formatTimestamp(startMs),
    point_of_interest: highlight.point_of_interest.trim(),
    quotes: highlight.quotes
      .map((quote) => ({ text: quote.text.trim(), speaker: quote.speaker.trim() || 'Unidentified speaker' }))
      .filter((quote) => quote.text !== ''),
    start_ms: startMs,
  };
}

/**
 * A decision in the domain's shape, its evidence placed like a highlight's timestamp (verification
 * later moves it to the segment the sentence is really in). Blank evidence is dropped, and so is a
 * decision left with none: nothing is reported as decided that cannot be played back.
 */
export function toDecision(decision: ModelAnalysis['decisions'][number], segmentStarts: readonly number[]): Decision | null {
  const evidence = decision.evidence
    .map((said) => ({ text: said.text.trim(), start_ms: snapTimestamp(said.timestamp, segmentStarts) }))
    .filter((said) => said.text !== '');
  if (evidence.length === 0) return null;
  return {
    item: textOrNull(decision.item),
    item_number: textOrNull(decision.item_number),
    motion: textOrNull(decision.motion),
    outcome: decision.outcome,
    tally: decision.tally,
    vote_kind: decision.vote_kind,
    // Only a said "unanimous" is recorded; false and unsaid read the same.
    ...(decision.unanimous ? { unanimous: true } : {}),
    mover: textOrNull(decision.mover),
    seconder: textOrNull(decision.seconder),
    evidence,
  };
}

/** A model's "" or "  " for "not said" is null, as the prompt asks. */
function textOrNull(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

export function toActionItem(item: ModelAnalysis['action_items'][number]): ActionItem {
  return {
    description: item.description.trim(),
    responsible_party: item.responsible_party.trim() || 'Not specified',
    due_date: item.due_date.trim() || 'Not specified',
  };
}

export function toEntity(entity: ModelAnalysis['entities'][number]): Entity {
  return { name: entity.name.trim(), type: entity.type, context: entity.context.trim() };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function toNewsStory(story: ModelStory): Omit<NewsStory, 'generator'> {
  return { ...story, article: { ...story.article, word_count: countWords(story.article.body) } };
}

/** The model's "0:05:12" as the start of the nearest real segment; null when it is no timestamp. */
function snapTimestamp(timestamp: string, segmentStarts: readonly number[]): number | null {
  const parsed = parseTimestamp(timestamp);
  return parsed === null ? null : nearest(segmentStarts, parsed);
}

/** The closest value of an ascending list, or null for an empty list. */
function nearest(sorted: readonly number[], target: number): number | null {
  let lo = 0;
  let hi = sorted.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  const after = sorted[lo]!;
  const before = sorted[lo - 1];
  return before !== undefined && target - before <= after - target ? before : after;
}
