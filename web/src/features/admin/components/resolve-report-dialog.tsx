import { useId, useState, type FormEvent } from 'react';
import { MAX_CORRECTION_NOTE } from '../../../../../core/domain/newsroom.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toastSuccess } from '../../../lib/toast.js';
import { useResolveErrorReport } from '../api/error-reports.js';

/**
 * 'Resolve' in the error-report inbox (issue 24): asks for an optional correction note, which
 * the server publishes on the meeting's story page before it closes the report. A note it
 * refuses (a meeting with nothing published) keeps the dialog open with the reason.
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
  const [note, setNote] = useState('');
  const resolve = useResolveErrorReport();
  const noteId = useId();
  const withNote = note.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    resolve.mutate(
      { id: reportId, correctionNote: note },
      {
        onSuccess: () => {
          toastSuccess('Report resolved', withNote ? "The correction note is published on the meeting's story." : undefined);
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Resolve the report</DialogTitle>
        <DialogDescription>About {meeting}. If the story or its decisions were wrong, say what was corrected: readers see the note, dated today.</DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-1.5">
        <Label htmlFor={noteId}>Correction note (optional)</Label>
        <Textarea
          id={noteId}
          rows={4}
          maxLength={MAX_CORRECTION_NOTE}
          placeholder="e.g. An earlier version said the vote was 5-0; it was 4-1."
          value={note}
          onChange={(event) => {
            if (resolve.isError) resolve.reset();
            setNote(event.target.value);
          }}
        />
        {resolve.error && (
          <p role="alert" className="text-sm text-danger">
            {resolve.error.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={resolve.isPending}>
          {resolve.isPending ? 'Resolving...' : withNote ? 'Publish note and resolve' : 'Resolve'}
        </Button>
      </DialogFooter>
    </form>
  );
}
