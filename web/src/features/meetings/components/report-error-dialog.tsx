import { useState } from 'react';
import { errorReportBodySchema, formatMoment, MAX_ERROR_REPORT_MESSAGE } from '@domain/error-reports.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { parseMomentParam } from '@/lib/playback.js';
import { useSearchParams } from '@/lib/router/index.js';
import { toastSuccess } from '@/lib/toast.js';
import { useReportError } from '../api/report-error.js';
import { REPORT_THANKS } from './report-error-button.js';

/**
 * The "Report an error" form in its dialog (issue 24). Its own chunk, loaded when a reader first
 * asks for it (report-error-button.tsx): the dialog's code is not worth every reader's download.
 */

/** The page's `?t=` (seconds, 1m30s or 1:30) written as the form shows moments; empty without one. */
function momentFromSearch(value: string | null): string {
  const seconds = parseMomentParam(value);
  return seconds > 0 ? formatMoment(seconds * 1000) : '';
}

export function ReportErrorDialog({ videoId, open, onOpenChange }: { videoId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <ReportErrorForm videoId={videoId} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function ReportErrorForm({ videoId, onDone }: { videoId: string; onDone: () => void }) {
  const [search] = useSearchParams();
  // The address's own ?t= first: seeks move it in place, which the router does not see.
  const [initial] = useState(() => ({
    message: '',
    moment: momentFromSearch(new URLSearchParams(window.location.search).get('t') ?? search.get('t')),
    email: '',
  }));
  const form = useSchemaForm(errorReportBodySchema, initial);
  const report = useReportError(videoId);
  // A failure no field is to blame for, kept with the values it was about: it goes once the resident changes the form.
  const [failure, setFailure] = useState<{ message: string; values: typeof initial } | null>(null);
  const values = form.values;

  const send = form.handleSubmit(
    async (body) => {
      await report.mutateAsync(body);
      toastSuccess(REPORT_THANKS);
      onDone();
    },
    { onError: (error) => setFailure({ message: error instanceof Error ? error.message : String(error), values }) },
  );

  return (
    <form onSubmit={send} noValidate>
      <DialogHeader>
        <DialogTitle>Report an error</DialogTitle>
        <DialogDescription>Tell us what is wrong on this page. An editor reads every report.</DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-4">
        <TextAreaField field={form.field('message')} label="What is wrong?" required rows={5} maxLength={MAX_ERROR_REPORT_MESSAGE} />
        <TextField field={form.field('moment')} label="Moment in the video (optional, like 1:23:45)" inputMode="numeric" />
        <TextField field={form.field('email')} label="Your email (optional, only to follow up)" type="email" autoComplete="email" />
        {failure?.values === values && (
          <p role="alert" className="text-sm text-danger">
            {failure.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Sending...' : 'Send report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
