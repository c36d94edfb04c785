import { useState } from 'react';
import { MAX_CORRECTION_NOTE, resolveReportSchema } from '@domain/newsroom.js';
import { TextAreaField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { toastSuccess } from '@/lib/toast.js';
import { useResolveErrorReport } from '../api/error-reports.js';

/**
 * 'Resolve' in the error-report inbox (issue 24): asks for an optional correction note, which
 * the server publishes on the meeting's story page before it closes the report. A note it
 * refuses (a meeting with nothing published) keeps the dialog open with the reason under it.
 */
export function ResolveReportButton({ reportId, meeting }: { reportId: string; meeting: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" className="ml-auto" onClick={() => setOpen(true)}>
        Resolve
      </Button>
      <DialogContent>{open && <ResolveForm reportId={reportId} meeting={meeting} onDone={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}

function ResolveForm({ reportId, meeting, onDone }: { reportId: string; meeting: string; onDone: () => void }) {
  const form = useSchemaForm(resolveReportSchema, { correction_note: '' });
  const resolve = useResolveErrorReport();
  const note = form.field('correction_note');
  // A refusal is about the note (the only thing sent): it shows under it until the note changes.
  const [refusal, setRefusal] = useState<{ message: string; note: string } | null>(null);
  const withNote = note.value.trim() !== '';

  const submit = form.handleSubmit(
    async (_body, values) => {
      await resolve.mutateAsync({ id: reportId, correctionNote: values.correction_note });
      toastSuccess('Report resolved', withNote ? "The correction note is published on the meeting's story." : undefined);
      onDone();
    },
    { onError: (error) => setRefusal({ message: error instanceof Error ? error.message : String(error), note: note.value }) },
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Resolve the report</DialogTitle>
        <DialogDescription>About {meeting}. If the story or its decisions were wrong, say what was corrected: readers see the note, dated today.</DialogDescription>
      </DialogHeader>
      <div className="my-4">
        <TextAreaField
          field={{ ...note, error: note.error ?? (refusal?.note === note.value ? refusal.message : undefined) }}
          label="Correction note (optional)"
          rows={4}
          maxLength={MAX_CORRECTION_NOTE}
          placeholder="e.g. An earlier version said the vote was 5-0; it was 4-1."
          frameClassName="gap-1.5"
        />
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Resolving...' : withNote ? 'Publish note and resolve' : 'Resolve'}
        </Button>
      </DialogFooter>
    </form>
  );
}
