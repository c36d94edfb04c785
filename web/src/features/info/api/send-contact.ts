import { useMutation } from '@/lib/query/use-mutation.js';
import { submissionCreatedSchema, type ContactBody } from '@domain/submissions.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** POST /api/contact (201): a message to the team. */
function sendContact(body: ContactBody): Promise<{ id: string }> {
  return api.post(apiPaths.contact(), body, submissionCreatedSchema);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
