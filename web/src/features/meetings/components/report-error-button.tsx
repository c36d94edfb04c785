import Flag from 'lucide-react/icons/flag';
import { useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button.js';
import { toastError } from '@/lib/toast.js';

export const REPORT_THANKS = 'Thank you. An editor will look at it.';
export const REPORT_FORM_UNAVAILABLE = 'The form could not be opened. Check your connection and try again.';

type DialogProps = { videoId: string; open: boolean; onOpenChange: (open: boolean) => void };

// One download for every button on the page; forgotten after a failure so a retry asks again.
let dialogModule: Promise<ComponentType<DialogProps>> | null = null;
function loadDialog(): Promise<ComponentType<DialogProps>> {
  dialogModule ??= import('./report-error-dialog.js').then(
    (module) => module.ReportErrorDialog,
    (error: unknown) => {
      dialogModule = null;
      throw error;
    },
  );
  return dialogModule;
}

/**
 * "Report an error" on story and meeting pages (issue 24): a small form sent to the editors. The
 * form and its dialog load when first wanted (pointing at the button starts it), which keeps
 * them out of the pages' initial JavaScript (issue 25).
 */
export function ReportErrorButton({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const [ReportErrorDialog, setDialog] = useState<ComponentType<DialogProps> | null>(null);
  const preload = () => void loadDialog().catch(() => {});
  async function openForm() {
    try {
      const loaded = await loadDialog();
      setDialog(() => loaded);
      setOpen(true);
    } catch {
      toastError('Error', REPORT_FORM_UNAVAILABLE);
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void openForm()} onPointerEnter={preload} onFocus={preload}>
        <Flag aria-hidden="true" />
        Report an error
      </Button>
      {ReportErrorDialog && <ReportErrorDialog videoId={videoId} open={open} onOpenChange={setOpen} />}
    </>
  );
}
