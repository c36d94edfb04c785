import { useEffect, useRef, useState } from 'react';
import { confirmEmailSchema, INVALID_CONFIRMATION_MESSAGE } from '@domain/auth.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useConfirmEmail } from '../api/confirm-email.js';
import { useLinkToken } from './use-link-token.js';

export type ConfirmationState = { status: 'pending' } | { status: 'confirmed' } | { status: 'failed'; message: string };

const EMAIL_CONFIRMED_TITLE = 'Email confirmed';
const EMAIL_CONFIRMED_MESSAGE = 'Your email address is confirmed. Please sign in.';

/**
 * The link of a confirmation email lands on `/auth?confirm=<token>`: confirm it once by POST
 * (a GET changes nothing, so mail scanners cannot spend the token), then take the token out of
 * the address bar so a reload does not try a spent link again. Null when there is no link.
 */
export function useEmailConfirmation(): ConfirmationState | null {
  const token = useLinkToken('confirm');
  const [invalidLink, setInvalidLink] = useState(false);
  const confirm = useConfirmEmail();
  const started = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (token === null || started.current) return;
    started.current = true;
    const body = confirmEmailSchema.safeParse({ token });
    if (!body.success) {
      setInvalidLink(true);
      toastError('Error', INVALID_CONFIRMATION_MESSAGE);
      return;
    }
    mutate(body.data.token, {
      onSuccess: () => toastSuccess(EMAIL_CONFIRMED_TITLE, EMAIL_CONFIRMED_MESSAGE),
      onError: (error) => toastError('Error', error.message),
    });
  }, [token, mutate]);

  if (token === null) return null;
  if (invalidLink) return { status: 'failed', message: INVALID_CONFIRMATION_MESSAGE };
  if (confirm.isSuccess) return { status: 'confirmed' };
  if (confirm.isError) return { status: 'failed', message: confirm.error.message };
  return { status: 'pending' };
}
