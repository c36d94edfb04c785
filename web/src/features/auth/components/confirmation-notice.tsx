import { Spinner } from '@/components/ui/spinner.js';
import { asSentence, AuthNotice } from './auth-notice.js';
import type { ConfirmationState } from './use-email-confirmation.js';

/** What became of the confirmation link the visitor opened, above the sign-in card. */
export function ConfirmationNotice({ state }: { state: ConfirmationState }) {
  if (state.status === 'pending') {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-line bg-white p-4">
        <Spinner label="Confirming your email..." />
        <span aria-hidden="true" className="text-sm text-ink-muted">
          Confirming your email...
        </span>
      </div>
    );
  }
  if (state.status === 'confirmed') {
    return (
      <AuthNotice tone="success" title="Your email is confirmed">
        <p>Sign in below with your email and the password you chose.</p>
      </AuthNotice>
    );
  }
  return (
    <AuthNotice tone="failure" title="This confirmation link did not work">
      <p>{asSentence(state.message)}</p>
      <p>A link works once and for 24 hours. Sign up again to get a new one, or sign in with a code sent to your email.</p>
    </AuthNotice>
  );
}
