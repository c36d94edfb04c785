import { useMutation } from '@/lib/query/use-mutation.js';
import { confirmEmailAnswerSchema, type ConfirmEmailAnswer } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/**
 * POST /api/auth/confirm {token}: confirms the address of a sign-up link (`/auth?confirm=`).
 * It signs nobody in: the owner signs in with the password afterwards.
 */
function confirmEmail(token: string): Promise<ConfirmEmailAnswer> {
  return api.post(apiPaths.confirm(), { token }, confirmEmailAnswerSchema);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
