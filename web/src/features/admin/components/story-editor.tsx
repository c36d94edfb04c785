import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { NewsStory } from '@domain/news-story.js';
import { storyEditSchema, type NewsroomView } from '@domain/newsroom.js';
import { FormField } from '@/components/form/form-field.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useEditStory } from '../api/newsroom.js';
import { LineField } from './line-field.js';
import { QuickFactsField } from './quick-facts-field.js';
import { checkQuote, unverifiedQuotedPassages } from './quote-check.js';
import { QuoteBlockFields } from './quote-block-fields.js';
import { articleText, formChanged, storyEditOf, storyFormOf, type EditTarget, type StoryForm } from './story-form.js';
import { useTranscriptIndex } from './use-transcript-index.js';

interface StoryEditorProps {
  video: { id: string; transcript: string | null; transcript_edited_at: string | null };
  view: NewsroomView;
  /** The stored story being edited: the draft when one waits, else the published one. */
  story: NewsStory;
  target: EditTarget;
  onDone: () => void;
  /** Reads the story again (after "the story changed since you opened it"). */
  onReload: () => void;
}

/**
 * Issue 24: an editor changes a story's words; quotes are checked against the transcript as they
 * are typed. The edit is checked with the PATCH body's own schema (newsroom.ts storyEditSchema)
 * before it is sent: each problem shows under its field, as does a 400 the server names one for.
 */
export function StoryEditor({ video, view, story, target, onDone, onReload }: StoryEditorProps) {
  const initial = useMemo(() => storyFormOf(story), [story]);
  const editor = useSchemaForm(storyEditSchema, initial, { toInput: (values: StoryForm) => storyEditOf(values, view.version, target) });
  const form = editor.values;
  const [refusal, setRefusal] = useState<{ message: string; stale: boolean; form: StoryForm } | null>(null);
  const save = useEditStory(video.id);
  const transcript = useTranscriptIndex(video);
  const index = transcript.status === 'ready' ? transcript.index : null;
  // Deferred: the check runs after the keystroke is on screen, so typing never waits for it.
  const quote = useDeferredValue(form.quote_block?.quote ?? '');
  const article = useDeferredValue(articleText(form));
  const quoteCheck = useMemo(() => checkQuote(quote, initial.quote_block?.quote ?? null, index, transcript.status === 'failed'), [quote, initial, index, transcript.status]);
  const unquoted = useMemo(() => unverifiedQuotedPassages(articleText(initial), article, index), [initial, article, index]);
  const changed = formChanged(initial, form, target);

  // The version last read: a save over a story someone else changed since is refused (409).
  const submit = editor.handleSubmit(
    async (edit) => {
      await save.mutateAsync(edit);
      toastSuccess(target === 'draft' ? 'Draft saved' : 'Story saved', target === 'draft' ? 'Readers see it once it is approved.' : 'Readers see the change now.');
      onDone();
    },
    {
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        // Shown while the form is as sent: once it changes the reason may no longer hold.
        setRefusal({ message, stale: isApiError(error) && error.status === 409, form });
        toastError('The story was not saved', message);
      },
    },
  );
  const headline = editor.field('headline');

  return (
    <form onSubmit={submit} noValidate aria-label={target === 'draft' ? 'Edit the draft' : 'Edit the story'} className="grid gap-6">
      <Section title="Article">
        <FormField field={headline} label="Headline" required frameClassName="gap-1.5">
          {(control) => <LineField {...control} aria-required value={headline.value} onChange={headline.setValue} />}
        </FormField>
        <TextAreaField field={editor.field('lede')} label="Lede" hint="The first paragraph." required rows={4} frameClassName="gap-1.5" />
        <TextAreaField
          field={editor.field('body')}
          label="Body"
          hint="The paragraphs after the lede, a blank line between paragraphs."
          rows={12}
          frameClassName="gap-1.5"
        />
        {unquoted.length > 0 && (
          <ul aria-live="polite" className="grid gap-1 text-sm text-danger">
            {unquoted.map((passage) => (
              <li key={passage}>“{passage}” is in quotation marks but not in the transcript word for word: saving will be refused.</li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Sidebar">
        <QuickFactsField facts={form.quick_facts} onChange={(facts) => editor.setValue('quick_facts', facts)} />
        <FieldError message={editor.errors.quick_facts} />
        <QuoteBlockFields block={form.quote_block} check={quoteCheck} onChange={(block) => editor.setValue('quote_block', block)} />
        <FieldError message={editor.errors.quote_block} />
        <TextAreaField field={editor.field('background')} label="Background" rows={4} frameClassName="gap-1.5" />
        <TextField
          field={editor.field('next_meeting_date')}
          label="Next meeting"
          hint="As readers should read it, for example “April 14, 2026”. Leave empty when not known."
          frameClassName="gap-1.5"
        />
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4 accent-accent" checked={form.follow_up_needed} onChange={(event) => editor.setValue('follow_up_needed', event.target.checked)} />
          Follow-up needed
        </label>
      </Section>

      {target === 'published' ? (
        <TextAreaField
          field={editor.field('correction_note')}
          label="Correction note"
          hint="Readers see this note under the story; write one when a published fact changed."
          rows={2}
          frameClassName="gap-1.5"
        />
      ) : (
        <p className="text-sm text-ink-muted">This is a draft nobody has read yet, so it needs no correction note.</p>
      )}

      {refusal?.form === form && (
        <div role="alert" className="grid gap-2 rounded-md border border-danger/40 bg-red-50 p-3 text-sm text-danger">
          <p>{refusal.message}</p>
          {refusal.stale && (
            <Button size="sm" variant="secondary" className="justify-self-start" onClick={onReload}>
              Load the latest story (your changes are discarded)
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={editor.pending || !changed}>
          {editor.pending ? 'Saving...' : target === 'draft' ? 'Save draft' : 'Save story'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {!changed && <p className="self-center text-sm text-ink-muted">Nothing changed yet.</p>}
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4" aria-label={title}>
      <h3 className="border-b border-line pb-1 text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The problem with a part of the sidebar that is more than one field (the quick facts, the quote block). */
function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="-mt-2 text-sm text-danger">
      {message}
    </p>
  ) : null;
}
