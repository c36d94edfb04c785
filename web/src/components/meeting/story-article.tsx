import type { NewsStory } from '@domain/news-story.js';
import { formatDate } from '@domain/format.js';

/** The newsroom's dates a reader is told (issue 24): when a person reviewed the story and last changed it. */
export interface StoryCare {
  reviewedAt?: string | null | undefined;
  updatedAt?: string | null | undefined;
}

/**
 * How the story was made, in one line, so a reader knows it was written by a machine and
 * whether a person has read it since: the writer, the day, and the review.
 */
function disclosureOf(story: NewsStory, generatedAt: string | null, reviewedAt: string | null | undefined): string {
  const writer = !story.generator ? '' : story.generator.kind === 'local' ? ' by the offline analyzer' : ` by the language model ${story.generator.model}`;
  const day = formatDate(story.generator?.generated_at ?? generatedAt);
  const reviewedOn = formatDate(reviewedAt);
  const review = reviewedOn ? `reviewed by an editor on ${reviewedOn}` : 'not reviewed by an editor';
  return `Written automatically from the meeting's transcript${writer}${day ? ` on ${day}` : ''}; ${review}.`;
}

/** Headline, word count, primary focus, "Updated", the disclosure line and the body (spec §2 screen 11). */
export function StoryArticle({ story, generatedAt, care = {} }: { story: NewsStory; generatedAt: string | null; care?: StoryCare }) {
  const { headline, body, word_count: words, primary_focus: focus } = story.article;
  const paragraphs = body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  const updated = formatDate(care.updatedAt);
  return (
    <article aria-labelledby="story-headline" className="min-w-0">
      <h2 id="story-headline" className="font-serif text-3xl leading-tight font-bold break-words text-ink sm:text-4xl">
        {headline}
      </h2>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span>{words.toLocaleString('en-US')} words</span>
        {focus && <span>Primary focus: {focus}</span>}
        {updated && care.updatedAt && (
          <span className="font-medium text-ink">
            Updated <time dateTime={care.updatedAt}>{updated}</time>
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-ink-muted italic">{disclosureOf(story, generatedAt, care.reviewedAt)}</p>
      <div className="mt-6 grid max-w-prose gap-4 font-serif text-lg leading-relaxed text-ink">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}

/**
 * 'Editor's Notes': what the writer was unsure of, which readers are owed (names and numbers
 * an automatic transcript can mishear). The writer's own note (`notes`) is addressed to the
 * editor ("review before publishing"): a newsroom keeps such notes on the desk and prints
 * only the caveats, so it is shown to staff (`forStaff`), marked as theirs, and never to readers.
 */
export function EditorsNotes({ story, forStaff = false }: { story: NewsStory; forStaff?: boolean }) {
  const unsure = story.metadata.uncertainty_notes;
  const deskNote = forStaff ? story.notes : '';
  if (!deskNote && unsure.length === 0) return null;
  return (
    <section aria-labelledby="editors-notes" className="rounded-lg border border-line bg-paper-muted p-6">
      <h2 id="editors-notes" className="font-serif text-xl font-semibold text-ink">
        Editor's Notes
      </h2>
      {deskNote && (
        <p className="mt-3 leading-relaxed text-ink">
          <span className="font-semibold">For editors (readers do not see this): </span>
          {deskNote}
        </p>
      )}
      {unsure.length > 0 && (
        <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm text-ink-muted">
          {unsure.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
