import ImageUp from 'lucide-react/icons/image-up';
import type { ChangeEvent } from 'react';
import { INVALID_TYPE, TOO_LARGE } from '@domain/listing.js';
import { Spinner } from '@/components/ui/spinner.js';
import { buttonClasses } from '@/components/ui/button.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { imageRefusal, useUploadBusinessImage } from '../api/upload-business-image.js';
import { ListingImage } from '@/components/directory/listing-card.js';

/** The spec §8 toast for a failed upload; the server's two refusals keep their spec §5 words. */
function uploadFailure(error: unknown): [string, string] {
  if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA') return [INVALID_TYPE.message, INVALID_TYPE.description];
  if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') return [TOO_LARGE.message, TOO_LARGE.description];
  return ['Upload failed', 'Failed to upload image. Please try again.'];
}

/**
 * The edit dialog's image (spec §2 screen 16, §5): checked here first (an image, at most
 * 10 MB), then stored by the server, which saves the public URL on the listing.
 */
export function ImageUpload({ businessId, name, imageUrl, onUploaded }: { businessId: string; name: string; imageUrl: string; onUploaded: (url: string) => void }) {
  const upload = useUploadBusinessImage();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires a change too.
    event.target.value = '';
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      toastError(refusal.title, refusal.description);
      return;
    }
    upload.mutate(
      { businessId, file },
      {
        onSuccess: (url) => {
          onUploaded(url);
          toastSuccess('Success', 'Image uploaded successfully');
        },
        onError: (error) => toastError(...uploadFailure(error)),
      },
    );
  }

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium text-ink">Image</span>
      <div className="flex items-center gap-4">
        <ListingImage listing={{ name, image_url: imageUrl || null }} className="aspect-video w-40 shrink-0" />
        <div className="grid gap-1.5">
          {/* The input sits in its label, so the styled label shows the keyboard focus (focus-within). */}
          <label className={buttonClasses('secondary', 'sm', 'cursor-pointer focus-within:outline-2 focus-within:outline-accent')}>
            <ImageUp aria-hidden="true" /> {imageUrl ? 'Replace Image' : 'Upload Image'}
            <input type="file" accept="image/*" className="sr-only" onChange={choose} disabled={upload.isPending} />
          </label>
          {upload.isPending ? <Spinner label="Uploading image..." /> : <span className="text-xs text-ink-muted">An image of at most 10 MB.</span>}
        </div>
      </div>
    </div>
  );
}
