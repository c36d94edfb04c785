import { useState, type FormEvent } from 'react';
import { formatMoment, MAX_ERROR_REPORT_MESSAGE } from '../../../../../core/domain/error-reports.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { parseMomentParam } from '../../../lib/playback.js';
import { useSearchParams } from '../../../lib/router/index.js';
import { toastSuccess } from '../../../lib/toast.js';
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
  const [message, setMessage] = useState('');
  // The address's own ?t= first: seeks move it in place, which the router does not see.
  const [moment, setMoment] = useState(() => momentFromSearch(new URLSearchParams(window.location.search).get('t') ?? search.get('t')));
  const [email, setEmail] = useState('');
  const report = useReportError(videoId);
  // The server's reason is about what was sent: it goes once the resident changes the form.
  const edit = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    if (report.isError) report.reset();
    set(event.target.value);
  };

  function send(event: FormEvent) {
    event.preventDefault();
    report.mutate(
      { message, moment, email },
      {
        onSuccess: () => {
          toastSuccess(REPORT_THANKS);
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={send} noValidate>
      <DialogHeader>
        <DialogTitle>Report an error</DialogTitle>
        <DialogDescription>Tell us what is wrong on this page. An editor reads every report.</DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="report-message" required>
            What is wrong?
          </Label>
          <Textarea id="report-message" rows={5} required maxLength={MAX_ERROR_REPORT_MESSAGE} value={message} onChange={edit(setMessage)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="report-moment">Moment in the video (optional, like 1:23:45)</Label>
          <Input id="report-moment" inputMode="numeric" value={moment} onChange={edit(setMoment)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="report-email">Your email (optional, only to follow up)</Label>
          <Input id="report-email" type="email" autoComplete="email" value={email} onChange={edit(setEmail)} />
        </div>
        {report.error && (
          <p role="alert" className="text-sm text-danger">
            {report.error.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
