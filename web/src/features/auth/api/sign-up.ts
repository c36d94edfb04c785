import { useMutation } from '@/lib/query/use-mutation.js';
import { signUpAnswerSchema, type SignUpAnswer } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

interface SignUpBody {
  email: string;
  password: string;
  /** Spec §2 screen 5: optional; set on the profile once the address is confirmed. */
  homeCityKey?: string;
}

/** POST /api/auth/signup: the account waits for the link mailed to the address (needsConfirmation). */
function signUp(body: SignUpBody): Promise<SignUpAnswer> {
  return api.post(apiPaths.signup(), body, signUpAnswerSchema);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
