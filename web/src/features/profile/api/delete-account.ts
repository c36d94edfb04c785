import { useMutation } from '@/lib/query/use-mutation.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/**
 * DELETE /api/profile (204): removes the account and what is kept about it, and ends the
 * session on the server (privacy promise of spec §1).
 */
function deleteAccount(): Promise<void> {
  return api.delete(apiPaths.profile());
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
