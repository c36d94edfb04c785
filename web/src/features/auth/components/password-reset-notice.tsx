import { asSentence, AuthNotice } from './auth-notice.js';
import { PASSWORD_CHANGED_MESSAGE, type PasswordResetState } from './use-password-reset-link.js';

/** What became of the reset link, above the sign-in card; nothing while its form is open. */
export function PasswordResetNotice({ state }: { state: PasswordResetState }) {
  if (state.status === 'changed') {
    return (
      <AuthNotice tone="success" title="Password changed">
        <p>{PASSWORD_CHANGED_MESSAGE}</p>
      </AuthNotice>
    );
  }
  if (state.status !== 'failed') return null;
  return (
    <AuthNotice tone="failure" title="This password reset link did not work">
      <p>{asSentence(state.message)}</p>
      <p>A link works once, for an hour, and only the newest one. Get a new one with “Forgot your password?” below.</p>
    </AuthNotice>
  );
}
