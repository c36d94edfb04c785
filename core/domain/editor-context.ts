import type { NewsStory } from './news-story.js';
import { normalizeForMatch } from './quote-verification.js';

/**
 * The editor's "additional context for the writer" steers a story and is never published
 * (issue 24): whatever a writer did with it, no public field of the story may repeat one of
 * its sentences. A sentence of the context found in a field is taken out of that field; a
 * paragraph or fact left empty goes with it.
 */
const MIN_GUARDED_WORDS = 3;

function contextSentences(context: string | null | undefined): string[] {
  return (context ?? '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => normalizeForMatch(sentence))
    .filter((sentence) => sentence.split(' ').length >= MIN_GUARDED_WORDS);
}

/** The field's sentences that do not repeat the context, joined again; null when none is left. */
function withoutSentences(text: string, guarded: readonly string[]): string | null {
  const kept = text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => {
      const said = normalizeForMatch(sentence);
      return !guarded.some((context) => said.includes(context));
    });
  const joined = kept.join(' ').trim();
  return joined === '' ? null : joined;
}

export function withoutEditorContext(story: NewsStory, context: string | null | undefined): NewsStory {
  const guarded = contextSentences(context);
  if (guarded.length === 0) return story;
  const clean = (text: string) => withoutSentences(text, guarded) ?? '';
  const body = story.article.body
    .split(/\n{2,}/)
    .map((paragraph) => withoutSentences(paragraph, guarded))
    .filter((paragraph): paragraph is string => paragraph !== null)
    .join('\n\n');
  const block = story.sidebar_elements.quote_block;
  return {
    ...story,
    article: { ...story.article, headline: clean(story.article.headline), body, word_count: body.split(/\s+/).filter(Boolean).length, primary_focus: clean(story.article.primary_focus) },
    sidebar_elements: {
      ...story.sidebar_elements,
      quote_block: block && withoutSentences(block.quote, guarded) !== null ? { ...block, context: clean(block.context) } : null,
      quick_facts: story.sidebar_elements.quick_facts.map((fact) => withoutSentences(fact, guarded)).filter((fact): fact is string => fact !== null),
      background: clean(story.sidebar_elements.background),
    },
    metadata: {
      ...story.metadata,
      uncertainty_notes: story.metadata.uncertainty_notes.map((note) => withoutSentences(note, guarded)).filter((note): note is string => note !== null),
    },
    notes: clean(story.notes),
  };
}
