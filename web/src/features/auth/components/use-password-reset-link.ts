import { useState } from 'react';
import { INVALID_RESET_MESSAGE, resetPasswordSchema } from '@domain/auth.js';
import { useAuth } from '@/lib/auth-context.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useResetPassword } from '../api/reset-password.js';
import { useLinkToken } from './use-link-token.js';

export type PasswordResetState =
  | { status: 'form'; submitting: boolean; error: string | null }
  | { status: 'changed' }
  | { status: 'failed'; message: string }
  | { status: 'closed' };

const PASSWORD_CHANGED_TITLE = 'Password changed';
export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed. Sign in with your new password.';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The link of a reset email lands on `/auth?reset=<token>`: the token leaves the address bar
 * at once and waits here for the new password it is sent with. A null state when there is no link.
 */
export function usePasswordResetLink() {
  const token = useLinkToken('reset');
  const [outcome, setOutcome] = useState<PasswordResetState | null>(() =>
    token !== null && !resetPasswordSchema.shape.token.safeParse(token).success ? { status: 'failed', message: INVALID_RESET_MESSAGE } : null,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();
  const { forgetSession } = useAuth();

  async function submit(password: string): Promise<void> {
    if (token === null || reset.isPending) return;
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      toastError('Error', messageOf(error));
      // A dead link cannot be tried again; anything else (a weak password) can, with the same link.
      if (messageOf(error) === INVALID_RESET_MESSAGE) setOutcome({ status: 'failed', message: messageOf(error) });
      else setFormError(messageOf(error));
      return;
    }
    toastSuccess(PASSWORD_CHANGED_TITLE, PASSWORD_CHANGED_MESSAGE);
    setOutcome({ status: 'changed' });
    // The reset ended every session of the account, this browser's too if it was signed in.
    await forgetSession();
  }

  const state: PasswordResetState | null =
    token === null ? null : (outcome ?? { status: 'form', submitting: reset.isPending, error: formError });
  return { state, submit, close: () => setOutcome({ status: 'closed' }) };
}
