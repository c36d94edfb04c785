import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../lib/paths.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { useAuth } from '../../../lib/auth-context.js';
import { AuthCard } from '../components/auth-card.js';
import { ConfirmationNotice } from '../components/confirmation-notice.js';
import { useEmailConfirmation } from '../components/use-email-confirmation.js';

/**
 * Spec §2 screen 5. A signed-in user is sent home, except while a confirmation link they
 * opened is still being confirmed (its toast then tells them how it went).
 */
export function AuthRoute() {
  useDocumentTitle('Sign In');
  const { loading, user } = useAuth();
  const confirmation = useEmailConfirmation();
  if (user && confirmation?.status !== 'pending') return <Navigate to={paths.home.href()} replace />;
  if (loading && !confirmation) return <PageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-16">
      {confirmation && <ConfirmationNotice state={confirmation} />}
      {!user && !loading && <AuthCard />}
    </div>
  );
}
