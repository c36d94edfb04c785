import { parseStoredStory, type NewsStory } from '@domain/news-story.js';

/**
 * The story page's reading of `news_story` (spec §8): our JSON shape, or null. A stored story
 * that is not valid JSON of that shape is logged and treated as no story.
 */
export function readStory(stored: string | null): NewsStory | null {
  const parsed = parseStoredStory(stored);
  if (!parsed) return null;
  if (parsed.kind === 'json') return parsed.story;
  console.error('The stored news story is not valid story JSON; showing none');
  return null;
}
