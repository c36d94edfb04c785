import { EDITED_STORY_REGENERATE } from '@domain/newsroom.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';

/**
 * Asked when Regenerate meets a story a person edited (issue 24: the server refuses until the
 * admin confirms); their edits stay in the story's history either way.
 */
export function ReplaceEditedDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace an edited story?</DialogTitle>
          <DialogDescription>{EDITED_STORY_REGENERATE}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Replace edited story</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
