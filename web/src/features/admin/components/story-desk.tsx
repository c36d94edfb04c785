import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { parseStoredStory } from '@domain/news-story.js';
import { PLAIN_TEXT_STORY, type NewsroomView } from '@domain/newsroom.js';
import { Button } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { useNewsroomView } from '../api/newsroom.js';
import { DraftBanner } from './draft-banner.js';
import { StoryEditor } from './story-editor.js';
import { StoryStatus } from './story-status.js';
import { StoryView } from './story-view.js';
import { NO_STORY_YET } from '@domain/messages.js';

interface DeskVideo {
  id: string;
  news_story: string | null;
  story_generated_at: string | null;
  transcript: string | null;
  transcript_edited_at: string | null;
}

/**
 * A meeting's story as the newsroom works on it (issue 24): where it stands, the draft waiting
 * for review, and the story itself, read or edited. Used by the Story Manager and content management.
 */
export function StoryDesk({ video, meetingHref }: { video: DeskVideo; meetingHref: string }) {
  const view = useNewsroomView(video.id);
  if (view.isPending) return <Spinner label="Loading the story..." />;
  if (view.isError) {
    // The story as the video has it is still worth showing; only editing needs the newsroom's view.
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-sm text-danger">
          The story's editing view could not be loaded: {view.error.message}
        </p>
        <StoryView stored={video.news_story} generatedAt={video.story_generated_at} meetingHref={meetingHref} />
      </div>
    );
  }
  return <Desk key={video.id} video={video} view={view.data} meetingHref={meetingHref} reload={() => view.refetch()} />;
}

function Desk({ video, view, meetingHref, reload }: { video: DeskVideo; view: NewsroomView; meetingHref: string; reload: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  // A new key after "load the latest story" starts the form again from what is stored now.
  const [formKey, setFormKey] = useState(0);
  const target = view.draft ? 'draft' : 'published';
  const stored = view.draft ?? view.published;
  const parsed = parseStoredStory(stored?.story);
  if (!stored || !parsed) return <p className="text-ink-muted">{NO_STORY_YET}</p>;
  const editable = parsed.kind === 'json' ? parsed.story : null;

  return (
    <div className="grid gap-4">
      <StoryStatus view={view} />
      <DraftBanner view={view} />
      {editing && editable ? (
        <StoryEditor
          key={formKey}
          video={video}
          view={view}
          story={editable}
          target={target}
          onDone={() => setEditing(false)}
          onReload={() => void reload().then(() => setFormKey((key) => key + 1))}
        />
      ) : (
        <>
          {editable ? (
            <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> {target === 'draft' ? 'Edit the draft' : 'Edit the story'}
            </Button>
          ) : (
            <p className="text-sm text-ink-muted">{PLAIN_TEXT_STORY}</p>
          )}
          {/* The preview's disclosure line tells the truth: a draft is nobody's reviewed text yet. */}
          <StoryView
            stored={stored.story}
            generatedAt={stored.generated_at}
            meetingHref={meetingHref}
            care={target === 'draft' ? {} : { reviewedAt: view.reviewed_at, updatedAt: view.updated_at }}
          />
        </>
      )}
    </div>
  );
}
