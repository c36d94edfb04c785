import { useMutation } from '@/lib/query/use-mutation.js';
import { signInAnswerSchema, type SignInAnswer } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

interface VerifyCodeBody {
  email: string;
  token: string;
  /** Signup mode only: the optional home city of the new account. */
  homeCityKey?: string;
}

/** POST /api/auth/otp/verify: signs in with the mailed code; the new CSRF token is used at once. */
async function verifyCode(body: VerifyCodeBody): Promise<SignInAnswer> {
  const answer = await api.post(apiPaths.otpVerify(), body, signInAnswerSchema);
  api.setCsrfToken(answer.csrfToken);
  return answer;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
