import { siteName } from '@/lib/site.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useLogin } from '../api/login.js';
import { useSendCode, type AuthMode } from '../api/send-code.js';
import { useSignUp } from '../api/sign-up.js';
import { useVerifyCode } from '../api/verify-code.js';
import { useAuth } from '@/lib/auth-context.js';

/** Spec §8: any auth failure shows the server's message under 'Error'. */
function showFailure(error: unknown) {
  toastError('Error', error instanceof Error ? error.message : String(error));
}

export interface PasswordSubmission {
  mode: AuthMode;
  email: string;
  password: string;
  /** '' for none. */
  homeCityKey: string;
}

export type PasswordOutcome = 'signed-in' | 'check-email' | 'failed';

/**
 * What the auth card's buttons do, with the toasts of spec §8. Each says how it went, so the
 * card can move to its next step; a sign-in then asks the server for the new session, after
 * which the auth page sends the user on.
 */
export function useAuthActions() {
  const { refreshSession } = useAuth();
  const login = useLogin();
  const signUp = useSignUp();
  const sendCode = useSendCode();
  const verifyCode = useVerifyCode();

  async function submitPassword({ mode, email, password, homeCityKey }: PasswordSubmission): Promise<PasswordOutcome> {
    try {
      if (mode === 'login') {
        await login.mutateAsync({ email, password });
        toastSuccess('Welcome back!', 'You have successfully signed in.');
        await refreshSession();
        return 'signed-in';
      }
      const answer = await signUp.mutateAsync({ email, password, ...(homeCityKey ? { homeCityKey } : {}) });
      if (answer.needsConfirmation || !answer.user) {
        toastSuccess('Success!', 'Please check your email to confirm your account.');
        return 'check-email';
      }
      toastSuccess('Account created!', `Welcome to ${siteName()}!`);
      await refreshSession();
      return 'signed-in';
    } catch (error) {
      showFailure(error);
      return 'failed';
    }
  }

  async function requestCode(email: string, mode: AuthMode): Promise<boolean> {
    try {
      await sendCode.mutateAsync({ email, mode });
      toastSuccess('OTP Sent!', 'Please check your email for the verification code.');
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  }

  async function submitCode(input: { email: string; token: string; homeCityKey?: string }): Promise<boolean> {
    try {
      await verifyCode.mutateAsync(input);
      toastSuccess('Success!', 'You have successfully signed in.');
      await refreshSession();
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  }

  return {
    submitPassword,
    requestCode,
    submitCode,
    busy: login.isPending || signUp.isPending || sendCode.isPending || verifyCode.isPending,
    sendingCode: sendCode.isPending,
    verifying: verifyCode.isPending,
  };
}
