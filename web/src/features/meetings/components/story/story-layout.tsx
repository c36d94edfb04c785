import type { CorrectionNote } from '@domain/newsroom.js';
import type { NewsStory } from '@domain/news-story.js';
import { Corrections } from '@/components/meeting/corrections.js';
import { EditorsNotes, StoryArticle, type StoryCare } from '@/components/meeting/story-article.js';
import { StorySidebar } from '@/components/meeting/story-sidebar.js';

/**
 * A story as the page lays it out: the article, its correction notes and the writer's notes in
 * the main column, the sidebar beside it on a wide screen and after it on a phone.
 */
export function StoryLayout({
  story,
  generatedAt,
  care,
  corrections,
  meetingHref,
  forStaff = false,
}: {
  story: NewsStory;
  generatedAt: string | null;
  care?: StoryCare;
  corrections?: readonly CorrectionNote[] | undefined;
  meetingHref: string;
  /** An editor reads the page: the writer's note to the desk is shown too. */
  forStaff?: boolean;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-10">
        <StoryArticle story={story} generatedAt={generatedAt} {...(care ? { care } : {})} />
        <Corrections corrections={corrections} />
        <EditorsNotes story={story} forStaff={forStaff} />
      </div>
      <StorySidebar story={story} meetingHref={meetingHref} />
    </div>
  );
}
