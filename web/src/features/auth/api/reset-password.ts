import { useMutation } from '@/lib/query/use-mutation.js';
import { resetPasswordAnswerSchema, type ResetPasswordAnswer, type ResetPasswordBody } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/**
 * POST /api/auth/reset {token, password}: sets the new password of a reset link and signs the
 * account out everywhere. It signs nobody in: the owner signs in with the new password.
 */
function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return api.post(apiPaths.resetPassword(), body, resetPasswordAnswerSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
