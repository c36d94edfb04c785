import { videoEditSchema, type AdminVideo } from '@domain/admin.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useVideoMutations } from '../api/admin-videos.js';

/** Spec §2 screen 15: a video's title, description and transcript, edited by hand. */
export function EditVideoDialog({ video, onClose }: { video: AdminVideo | null; onClose: () => void }) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">{video && <EditVideoForm key={video.id} video={video} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function EditVideoForm({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const form = useSchemaForm(videoEditSchema, { title: video.title ?? '', description: video.description ?? '', transcript: video.transcript ?? '' });
  const { update } = useVideoMutations();
  const save = form.handleSubmit(
    async (_body, edit) => {
      await update.mutateAsync({ id: video.id, edit });
      toastSuccess('Video updated successfully');
      onClose();
    },
    { onError: (error) => toastError('Error updating video', error instanceof Error ? error.message : String(error)) },
  );
  return (
    <form onSubmit={save} noValidate>
      <DialogHeader>
        <DialogTitle>Edit video</DialogTitle>
        <DialogDescription>An edited transcript is kept: later runs do not replace it.</DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-4">
        <TextField field={form.field('title')} label="Title" frameClassName="gap-1.5" />
        <TextAreaField field={form.field('description')} label="Description" rows={4} frameClassName="gap-1.5" />
        <TextAreaField field={form.field('transcript')} label="Transcript" rows={10} frameClassName="gap-1.5" />
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
