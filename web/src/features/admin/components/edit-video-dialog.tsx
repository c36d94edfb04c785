import { useState, type FormEvent } from 'react';
import type { AdminVideo } from '../../../../../core/domain/admin.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useVideoMutations, type VideoEdit } from '../api/admin-videos.js';

/** Spec §2 screen 15: a video's title, description and transcript, edited by hand. */
export function EditVideoDialog({ video, onClose }: { video: AdminVideo | null; onClose: () => void }) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">{video && <EditVideoForm key={video.id} video={video} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function EditVideoForm({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const [edit, setEdit] = useState<VideoEdit>({ title: video.title ?? '', description: video.description ?? '', transcript: video.transcript ?? '' });
  const { update } = useVideoMutations();
  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: video.id, edit },
      { onSuccess: () => (toastSuccess('Video updated successfully'), onClose()), onError: (error) => toastError('Error updating video', error.message) },
    );
  }
  return (
    <form onSubmit={save}>
      <DialogHeader>
        <DialogTitle>Edit video</DialogTitle>
        <DialogDescription>An edited transcript is kept: later runs do not replace it.</DialogDescription>
      </DialogHeader>
      <div className="my-4 grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="video-title">Title</Label>
          <Input id="video-title" value={edit.title} onChange={(event) => setEdit({ ...edit, title: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="video-description">Description</Label>
          <Textarea id="video-description" rows={4} value={edit.description} onChange={(event) => setEdit({ ...edit, description: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="video-transcript">Transcript</Label>
          <Textarea id="video-transcript" rows={10} value={edit.transcript} onChange={(event) => setEdit({ ...edit, transcript: event.target.value })} />
        </div>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
