import { Navigate } from '@/lib/router/index.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useAuth } from '@/lib/auth-context.js';
import { AuthCard } from '../components/auth-card.js';
import { ConfirmationNotice } from '../components/confirmation-notice.js';
import { PasswordResetNotice } from '../components/password-reset-notice.js';
import { ResetPasswordCard } from '../components/reset-password-card.js';
import { useEmailConfirmation } from '../components/use-email-confirmation.js';
import { usePasswordResetLink } from '../components/use-password-reset-link.js';

/**
 * Spec §2 screen 5. A signed-in user is sent home, except while a confirmation link they
 * opened is still being confirmed (its toast then tells them how it went) or a reset link
 * they opened waits for its new password.
 */
export function AuthRoute() {
  const { loading, user } = useAuth();
  const confirmation = useEmailConfirmation();
  const reset = usePasswordResetLink();
  const resetForm = reset.state?.status === 'form' ? reset.state : null;
  useDocumentTitle(resetForm ? 'Set a New Password' : 'Sign In');
  // Just after a reset the member is still signed in until the session is asked again (the reset
  // ended it): no redirect home in that moment, the sign-in card follows.
  const resetJustChanged = reset.state?.status === 'changed';
  if (user && confirmation?.status !== 'pending' && !resetForm && !resetJustChanged) return <Navigate to={paths.home.href()} replace />;
  if (loading && !confirmation && !reset.state) return <PageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-16">
      {confirmation && <ConfirmationNotice state={confirmation} />}
      {reset.state && <PasswordResetNotice state={reset.state} />}
      {resetForm && (
        <ResetPasswordCard
          submitting={resetForm.submitting}
          error={resetForm.error}
          onSubmit={(password) => void reset.submit(password)}
          onCancel={reset.close}
        />
      )}
      {!resetForm && !user && !loading && <AuthCard />}
    </div>
  );
}
