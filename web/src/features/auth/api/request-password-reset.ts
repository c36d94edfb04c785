import { useMutation } from '@/lib/query/use-mutation.js';
import { recoverPasswordAnswerSchema, type RecoverPasswordAnswer } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/**
 * POST /api/auth/recover {email} (202): the same answer for every address; a confirmed
 * account is mailed a link to set a new password (`/auth?reset=`).
 */
function requestPasswordReset(email: string): Promise<RecoverPasswordAnswer> {
  return api.post(apiPaths.recoverPassword(), { email }, recoverPasswordAnswerSchema);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
