import { useState } from 'react';
import { DECISION_COUNTS, decisionFormSchema } from '@domain/decision-form.js';
import { DECISION_OUTCOMES, VOTE_KINDS, type Decision } from '@domain/decisions.js';
import { ChoiceField } from '@/components/form/choice-field.js';
import { FormField } from '@/components/form/form-field.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useEditDecision } from '../api/newsroom.js';
import { decisionEditOf, decisionFormOf, OUTCOME_LABELS, VOTE_KIND_LABELS } from './decision-form.js';
import { LineField } from './line-field.js';

const OUTCOMES = DECISION_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }));
const KINDS = VOTE_KINDS.map((value) => ({ value, label: VOTE_KIND_LABELS[value] }));
const COUNT_LABELS = { yes: 'Yes', no: 'No', abstain: 'Abstaining', absent: 'Absent' } as const;

/** One decision's item, number, outcome, count and vote kind; the evidence stays as heard. */
export function DecisionEditForm({ videoId, decision, index, version, onDone }: { videoId: string; decision: Decision; index: number; version: string | undefined; onDone: () => void }) {
  const form = useSchemaForm(decisionFormSchema, decisionFormOf(decision));
  const save = useEditDecision(videoId);
  // The server's refusal, shown while the form still holds what it refused.
  const [refusal, setRefusal] = useState<{ message: string; values: typeof form.values } | null>(null);
  const { values } = form;
  const submit = form.handleSubmit(
    async (_checked, current) => {
      const edit = decisionEditOf(current, index, version);
      if (!edit.ok) throw new Error(edit.error);
      await save.mutateAsync(edit.value);
      toastSuccess('Decision saved');
      onDone();
    },
    {
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        setRefusal({ message, values });
        toastError('The decision was not saved', message);
      },
    },
  );
  const item = form.field('item');

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit decision ${index + 1}`} className="grid gap-4 rounded-md border border-accent bg-accent-soft/30 p-3 sm:p-4">
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField field={item} label="Item" frameClassName="gap-1.5">
          {(control) => <LineField {...control} value={item.value} placeholder="What was decided, in plain words" onChange={item.setValue} />}
        </FormField>
        <TextField field={form.field('item_number')} label="Item number" placeholder="Item 7A" frameClassName="gap-1.5" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField field={form.field('outcome')} label="Outcome" options={OUTCOMES} frameClassName="gap-1.5" />
        <ChoiceField field={form.field('vote_kind')} label="Vote kind" none="Not said" options={KINDS} frameClassName="gap-1.5" />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1.5 text-sm font-medium text-ink">Count</legend>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4 accent-accent" checked={values.counted} onChange={(event) => form.setValue('counted', event.target.checked)} />
          The meeting gave a count
        </label>
        {values.counted && (
          <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
            {DECISION_COUNTS.map(([name]) => (
              <TextField key={name} field={form.field(name)} label={COUNT_LABELS[name]} inputMode="numeric" frameClassName="gap-1.5" />
            ))}
          </div>
        )}
      </fieldset>
      <TextAreaField
        field={form.field('correction_note')}
        label="Correction note"
        rows={2}
        hint="Readers see this note under the story; write one when a published fact changed."
        frameClassName="gap-1.5"
      />
      {refusal?.values === values && (
        <p role="alert" className="text-sm text-danger">
          {refusal.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Save decision'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
