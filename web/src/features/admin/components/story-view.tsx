import { parseStoredStory } from '@domain/news-story.js';
import { formatDate } from '@domain/format.js';
import { StoryArticle, type StoryCare } from '@/components/meeting/story-article.js';
import { StorySidebar } from '@/components/meeting/story-sidebar.js';
import { NO_STORY_YET } from '@domain/messages.js';

/**
 * A stored story as staff see it (spec §2 screen 15, §8): our JSON shown structured with the
 * story page's own components, anything else as the plain text it is.
 */
export function StoryView({ stored, generatedAt, meetingHref, care = {} }: { stored: string | null; generatedAt: string | null; meetingHref: string; care?: StoryCare }) {
  const story = parseStoredStory(stored);
  if (!story) return <p className="text-ink-muted">{NO_STORY_YET}</p>;
  // A long story scrolls in its box: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
  const scrollBox = { role: 'region', 'aria-label': 'Story text', tabIndex: 0 } as const;
  return (
    <div className="grid gap-4">
      {generatedAt && <p className="text-sm text-ink-muted">Generated {formatDate(generatedAt)}</p>}
      {story.kind === 'json' ? (
        <div {...scrollBox} className="grid max-h-[36rem] gap-6 overflow-y-auto focus-visible:outline-2 focus-visible:outline-accent lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <StoryArticle story={story.story} generatedAt={generatedAt} care={care} />
          <StorySidebar story={story.story} meetingHref={meetingHref} />
        </div>
      ) : (
        <div {...scrollBox} className="max-h-96 overflow-y-auto focus-visible:outline-2 focus-visible:outline-accent">
          <p data-testid="plain-story" className="whitespace-pre-wrap text-ink">
            {story.text}
          </p>
        </div>
      )}
    </div>
  );
}
