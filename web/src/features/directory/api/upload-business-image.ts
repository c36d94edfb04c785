import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { INVALID_TYPE, MAX_IMAGE_BYTES, TOO_LARGE, uploadedImageSchema } from '@domain/listing.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';
import { refreshListings } from './change-businesses.js';

/** Why a file is refused before it is sent (spec §5), or null when it may go. */
export function imageRefusal(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: INVALID_TYPE.message, description: INVALID_TYPE.description };
  if (file.size > MAX_IMAGE_BYTES) return { title: TOO_LARGE.message, description: TOO_LARGE.description };
  return null;
}

/**
 * POST /api/admin/uploads/business-images (multipart): stores the image under the spec §5 name
 * and saves its public URL on the listing. The server checks the bytes again: a text file named
 * .png passes the browser's check but not the server's (415).
 */
async function uploadBusinessImage(businessId: string, file: File): Promise<string> {
  const form = new FormData();
  form.set('business_id', businessId);
  form.set('file', file);
  const stored = await api.postForm(apiPaths.adminBusinessImages(), form, uploadedImageSchema);
  return stored.url;
}

export function useUploadBusinessImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, file }: { businessId: string; file: File }) => uploadBusinessImage(businessId, file),
    onSuccess: () => refreshListings(queryClient),
  });
}
