import { useState, type FormEvent } from 'react';
import { DECISION_OUTCOMES, VOTE_KINDS, type Decision, type DecisionOutcome, type VoteKind } from '../../../../../core/domain/decisions.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useEditDecision } from '../api/newsroom.js';
import { decisionEditOf, decisionFormOf, OUTCOME_LABELS, VOTE_KIND_LABELS, type DecisionForm } from './decision-form.js';
import { LineField } from './line-field.js';

const OUTCOMES = DECISION_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }));
const KINDS = VOTE_KINDS.map((value) => ({ value, label: VOTE_KIND_LABELS[value] }));
const COUNTS = [
  ['yes', 'Yes'],
  ['no', 'No'],
  ['abstain', 'Abstaining'],
  ['absent', 'Absent'],
] as const;

/** One decision's item, number, outcome, count and vote kind; the evidence stays as heard. */
export function DecisionEditForm({ videoId, decision, index, version, onDone }: { videoId: string; decision: Decision; index: number; version: string | undefined; onDone: () => void }) {
  const [form, setForm] = useState<DecisionForm>(() => decisionFormOf(decision));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useEditDecision(videoId);
  const id = (field: string) => `decision-${index}-${field}`;
  const update = (patch: Partial<DecisionForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edit = decisionEditOf(form, index, version);
    if (!edit.ok) return setProblem(edit.error);
    save.mutate(edit.value, {
      onSuccess: () => {
        toastSuccess('Decision saved');
        onDone();
      },
      onError: (error) => {
        setProblem(error.message);
        toastError('The decision was not saved', error.message);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={`Edit decision ${index + 1}`} className="grid gap-4 rounded-md border border-accent bg-accent-soft/30 p-3 sm:p-4">
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={id('item')}>Item</Label>
          <LineField id={id('item')} value={form.item} placeholder="What was decided, in plain words" onChange={(item) => update({ item })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id('number')}>Item number</Label>
          <Input id={id('number')} value={form.item_number} placeholder="Item 7A" onChange={(event) => update({ item_number: event.target.value })} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={id('outcome')} label="Outcome" value={form.outcome} options={OUTCOMES} onChange={(outcome) => update({ outcome: outcome as DecisionOutcome })} />
        <SelectField id={id('kind')} label="Vote kind" value={form.vote_kind} none="Not said" options={KINDS} onChange={(kind) => update({ vote_kind: kind as VoteKind | '' })} />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1.5 text-sm font-medium text-ink">Count</legend>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4 accent-accent" checked={form.counted} onChange={(event) => update({ counted: event.target.checked })} />
          The meeting gave a count
        </label>
        {form.counted && (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {COUNTS.map(([field, label]) => (
              <div key={field} className="grid gap-1.5">
                <Label htmlFor={id(field)}>{label}</Label>
                <Input id={id(field)} inputMode="numeric" value={form[field]} onChange={(event) => update({ [field]: event.target.value })} />
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={id('note')}>Correction note</Label>
        <Textarea id={id('note')} rows={2} aria-describedby={id('note-hint')} value={form.correction_note} onChange={(event) => update({ correction_note: event.target.value })} />
        <p id={id('note-hint')} className="text-sm text-ink-muted">
          Readers see this note under the story; write one when a published fact changed.
        </p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save decision'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
