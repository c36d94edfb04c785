import { Navigate } from '@/lib/router/index.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { siteName } from '@/lib/site.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useAuth } from '@/lib/auth-context.js';
import { useProfile } from '@/lib/api/get-profile.js';
import { CityPicker } from '../components/city-picker.js';
import { ValueBlurbs } from '../components/value-blurbs.js';

function Landing() {
  useDocumentTitle(undefined);
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-16 sm:px-6 sm:pt-24 sm:pb-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">Local government, in plain words</p>
        <h1 className="mt-4 max-w-3xl font-serif text-4xl leading-[1.1] font-bold tracking-tight text-ink sm:text-5xl lg:text-6xl">
          Know what your city decided, and why.
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl">
          {siteName()} turns city council, school board and county meetings into searchable transcripts, clear summaries and
          news stories, so you can follow your local government without sitting through hours of video.
        </p>
        <div className="mt-10">
          <CityPicker />
        </div>
      </section>
      <ValueBlurbs />
    </>
  );
}

/**
 * Spec §2 screen 1: a member whose profile has a home city goes straight to it; everyone else
 * sees the landing page. Nothing is shown until that is known, so the landing never flashes.
 */
export function HomeRoute() {
  const { loading, user } = useAuth();
  const profile = useProfile({ enabled: Boolean(user) });
  if (loading || (user && profile.isPending)) return <PageSpinner />;
  const homeCity = user ? profile.data?.home_city_key : null;
  if (homeCity) return <Navigate to={paths.city.href(homeCity)} replace />;
  return <Landing />;
}
