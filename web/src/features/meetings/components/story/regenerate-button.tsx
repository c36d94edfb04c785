import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';

/** An admin's 'Regenerate', asked twice: the story shown (or the draft) is replaced. */
export function RegenerateButton({ onConfirm, busy }: { onConfirm: () => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={busy}>
        <RefreshCw aria-hidden="true" />
        Regenerate
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace this story?</DialogTitle>
          <DialogDescription>A new story is written from the meeting's analysis and replaces the one shown here.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Replace story
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
