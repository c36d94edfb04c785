import { CircleAlert, CircleCheck } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import type { ConfirmationState } from './use-email-confirmation.js';

/** Server messages come without a full stop ('The confirmation link is invalid or has expired'). */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

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
      <div role="status" className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <div>
          <h2 className="font-semibold text-emerald-900">Your email is confirmed</h2>
          <p className="mt-1 text-sm text-emerald-900">Sign in below with your email and the password you chose.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div>
        <h2 className="font-semibold text-red-900">This confirmation link did not work</h2>
        <p className="mt-1 text-sm text-red-900">{asSentence(state.message)}</p>
        <p className="mt-1 text-sm text-red-900">
          A link works once and for 24 hours. Sign up again to get a new one, or sign in with a code sent to your email.
        </p>
      </div>
    </div>
  );
}
