import { useDeferredValue, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { NewsStory } from '../../../../../core/domain/news-story.js';
import type { NewsroomView } from '../../../../../core/domain/newsroom.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { isApiError } from '../../../lib/api-client.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
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

/** Issue 24: an editor changes a story's words; quotes are checked against the transcript as they are typed. */
export function StoryEditor({ video, view, story, target, onDone, onReload }: StoryEditorProps) {
  const initial = useMemo(() => storyFormOf(story), [story]);
  const [form, setForm] = useState<StoryForm>(initial);
  const [refusal, setRefusal] = useState<{ message: string; stale: boolean } | null>(null);
  const save = useEditStory(video.id);
  const transcript = useTranscriptIndex(video);
  const index = transcript.status === 'ready' ? transcript.index : null;
  // Deferred: the check runs after the keystroke is on screen, so typing never waits for it.
  const quote = useDeferredValue(form.quote_block?.quote ?? '');
  const article = useDeferredValue(articleText(form));
  const quoteCheck = useMemo(() => checkQuote(quote, initial.quote_block?.quote ?? null, index, transcript.status === 'failed'), [quote, initial, index, transcript.status]);
  const unquoted = useMemo(() => unverifiedQuotedPassages(articleText(initial), article, index), [initial, article, index]);
  const changed = formChanged(initial, form, target);

  const update = (patch: Partial<StoryForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // The server's reason was about the form as sent; once it changes the reason may no longer hold.
    setRefusal(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The version last read: a save over a story someone else changed since is refused (409).
    save.mutate(storyEditOf(form, view.version, target), {
      onSuccess: () => {
        toastSuccess(target === 'draft' ? 'Draft saved' : 'Story saved', target === 'draft' ? 'Readers see it once it is approved.' : 'Readers see the change now.');
        onDone();
      },
      onError: (error) => {
        setRefusal({ message: error.message, stale: isApiError(error) && error.status === 409 });
        toastError('The story was not saved', error.message);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={target === 'draft' ? 'Edit the draft' : 'Edit the story'} className="grid gap-6">
      <Section title="Article">
        <Field id="editor-headline" label="Headline" required>
          <LineField id="editor-headline" required value={form.headline} onChange={(headline) => update({ headline })} />
        </Field>
        <Field id="editor-lede" label="Lede" hint="The first paragraph." required>
          <Textarea id="editor-lede" aria-describedby="editor-lede-hint" required rows={4} value={form.lede} onChange={(event) => update({ lede: event.target.value })} />
        </Field>
        <Field id="editor-body" label="Body" hint="The paragraphs after the lede, a blank line between paragraphs.">
          <Textarea id="editor-body" aria-describedby="editor-body-hint" rows={12} value={form.body} onChange={(event) => update({ body: event.target.value })} />
        </Field>
        {unquoted.length > 0 && (
          <ul aria-live="polite" className="grid gap-1 text-sm text-danger">
            {unquoted.map((passage) => (
              <li key={passage}>“{passage}” is in quotation marks but not in the transcript word for word: saving will be refused.</li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Sidebar">
        <QuickFactsField facts={form.quick_facts} onChange={(quick_facts) => update({ quick_facts })} />
        <QuoteBlockFields block={form.quote_block} check={quoteCheck} onChange={(quote_block) => update({ quote_block })} />
        <Field id="editor-background" label="Background">
          <Textarea id="editor-background" rows={4} value={form.background} onChange={(event) => update({ background: event.target.value })} />
        </Field>
        <Field id="editor-next-meeting" label="Next meeting" hint="As readers should read it, for example “April 14, 2026”. Leave empty when not known.">
          <Input id="editor-next-meeting" aria-describedby="editor-next-meeting-hint" value={form.next_meeting_date} onChange={(event) => update({ next_meeting_date: event.target.value })} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4 accent-accent" checked={form.follow_up_needed} onChange={(event) => update({ follow_up_needed: event.target.checked })} />
          Follow-up needed
        </label>
      </Section>

      {target === 'published' ? (
        <Field id="editor-correction" label="Correction note" hint="Readers see this note under the story; write one when a published fact changed.">
          <Textarea id="editor-correction" aria-describedby="editor-correction-hint" rows={2} value={form.correction_note} onChange={(event) => update({ correction_note: event.target.value })} />
        </Field>
      ) : (
        <p className="text-sm text-ink-muted">This is a draft nobody has read yet, so it needs no correction note.</p>
      )}

      {refusal && (
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
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : target === 'draft' ? 'Save draft' : 'Save story'}
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

function Field({ id, label, hint, required, children }: { id: string; label: string; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
