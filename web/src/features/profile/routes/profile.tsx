import Lock from 'lucide-react/icons/lock';
import { Link } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { isApiError } from '@/lib/api-client.js';
import { paths } from '@/lib/paths.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useAuth } from '@/lib/auth-context.js';
import { useProfile } from '@/lib/api/get-profile.js';
import { SavedSearchesCard } from '../components/saved-searches-card.js';
import { DeleteAccountCard } from '../components/delete-account-card.js';
import { HomeCityCard } from '../components/home-city-card.js';
import { UserInfoCard } from '../components/user-info-card.js';

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <Lock aria-hidden="true" className="size-10 text-ink-muted" />
      <h1 className="mt-4 font-serif text-3xl font-bold text-ink">Access Denied</h1>
      <p className="mt-3 text-ink-muted">Please sign in to view your profile.</p>
      <Link to={paths.auth.href()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        Sign In
      </Link>
    </div>
  );
}

/** Spec §2 screen 12: who you are, your home city, and (beyond the spec) deleting the account. */
export function ProfileRoute() {
  const { loading, user } = useAuth();
  const profile = useProfile({ enabled: Boolean(user) });
  // A session that ended on the server meanwhile answers 401: the same as being signed out.
  const signedOut = !user || (isApiError(profile.error) && profile.error.status === 401);
  useDocumentTitle(!loading && signedOut ? 'Access Denied' : 'Profile');
  if (loading || (user && profile.isPending)) return <PageSpinner label="Loading profile..." />;
  if (signedOut) return <AccessDenied />;
  return (
    <Page title="Profile" width="prose">
      {profile.data ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <UserInfoCard user={user} profile={profile.data} />
          <HomeCityCard current={profile.data.home_city_key} />
          <SavedSearchesCard />
          <DeleteAccountCard />
        </div>
      ) : (
        <div className="rounded-lg border border-line bg-paper-muted p-6">
          <p className="text-ink">Your profile could not be loaded. {profile.error?.message}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            Try again
          </Button>
        </div>
      )}
    </Page>
  );
}
