import BellRing from 'lucide-react/icons/bell-ring';
import { lazy, Suspense } from 'react';
import { Link } from '@/lib/router/index.js';
import { useAuth } from '@/lib/auth-context.js';
import { paths } from '@/lib/paths.js';

// Only a signed-in member sees the form: visitors, most of the search page's readers, never
// download it nor the city select it stands on (issue 25's budget).
const SaveSearchForm = lazy(async () => ({ default: (await import('@/components/save-search-form.js')).SaveSearchForm }));

/**
 * Under a search (issue 27): a member saves it, with the page's city, and picks how often to be
 * emailed; a visitor is offered to sign in for it.
 */
export function SearchAlertBox({ query, city, cityName }: { query: string; city?: string | undefined; cityName?: string | undefined }) {
  const { user, loading } = useAuth();
  if (loading || !query) return null;
  return (
    <section aria-label="Email alerts" className="mt-4 rounded-lg border border-line bg-paper-muted p-4">
      <p className="flex items-start gap-2 text-sm text-ink">
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          Get an email when “{query}” comes up in a new meeting{cityName ? ` of ${cityName}` : ''}.
          {!user && (
            <>
              {' '}
              <Link to={paths.auth.href()} className="text-accent underline underline-offset-4">
                Sign in to save this search
              </Link>
            </>
          )}
        </span>
      </p>
      {user && (
        <div className="mt-3">
          <Suspense fallback={null}>
            <SaveSearchForm fixed={{ query, city }} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
