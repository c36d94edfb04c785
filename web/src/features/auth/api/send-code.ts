import { useMutation } from '@/lib/query/use-mutation.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

export type AuthMode = 'login' | 'signup';

interface SendCodeBody {
  email: string;
  /** Spec §7: a code creates an account only in signup mode. */
  mode: AuthMode;
}

/** POST /api/auth/otp (202): a 6-digit code is mailed to the address. */
function sendCode(body: SendCodeBody): Promise<void> {
  return api.post(apiPaths.otp(), body);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
