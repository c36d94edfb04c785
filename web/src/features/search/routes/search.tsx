import { Link, useNavigate, useParams, useSearchParams } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { paths } from '@/lib/paths.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { useCity } from '@/lib/api/get-city.js';
import { SEARCH_LIMIT, SEARCH_PAGE, useSearchVideos } from '../api/search-videos.js';
import { ResultCard } from '../components/result-card.js';
import { SearchForm } from '../components/search-form.js';
import { SearchAlertBox } from '../components/search-alert-box.js';

function NoResults() {
  return (
    <div className="rounded-lg border border-line bg-paper-muted p-8 text-center">
      <p className="font-serif text-xl font-semibold text-ink">No results found</p>
      <p className="mt-2 text-ink-muted">Try adjusting your search terms or browse our available cities.</p>
      <Link to={paths.home.href()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Browse Cities
      </Link>
    </div>
  );
}

/**
 * Spec §2 screen 9 (/search and /city/{key}/search): the query lives in the URL (`?q=`, and
 * `?n=` once more results were loaded) so a search can be shared; a city's page searches that
 * city only.
 */
export function SearchRoute() {
  const { locationKey } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim();
  const limit = Math.min(Math.max(Number(params.get('n')) || SEARCH_PAGE, 1), SEARCH_LIMIT);
  const city = useCity(locationKey);
  const search = useSearchVideos({ q, city: locationKey, limit });
  useErrorToast(search.isError, search.errorUpdatedAt, 'Search failed');

  const hrefFor = (query: string, n?: number) => {
    const base = locationKey ? paths.citySearch.href(locationKey, query) : paths.search.href(query);
    return n ? `${base}&n=${n}` : base;
  };
  const data = search.data;
  const loadingMore = search.isFetching && search.isPlaceholderData;
  const lead = locationKey ? (city.data ? `Meetings of ${city.data.name}, ${city.data.state}` : undefined) : 'Meetings of every city we cover';

  return (
    <Page title="Search Results" lead={lead}>
      <SearchForm initial={q} searching={search.isFetching && !loadingMore} onSearch={(query) => void navigate(hrefFor(query))} />
      <SearchAlertBox key={q} query={q} city={locationKey} cityName={city.data?.name} />
      <div className="mt-8 grid gap-4" aria-live="polite" aria-busy={search.isFetching}>
        {!q ? (
          <p className="text-ink-muted">Type a word or phrase said in a meeting, or part of its title.</p>
        ) : search.isPending ? (
          <Spinner label="Searching..." />
        ) : search.isError ? (
          <LoadFailed message="Search failed" onRetry={() => void search.refetch()} />
        ) : data && data.results.length === 0 ? (
          <NoResults />
        ) : data ? (
          <>
            <p className="text-ink-muted">
              {resultsLine(data.count, q)}
            </p>
            <ol className="grid gap-4">
              {data.results.map((result) => (
                <li key={result.id}>
                  <ResultCard result={result} cityScope={locationKey} />
                </li>
              ))}
            </ol>
            {data.has_more &&
              (limit < SEARCH_LIMIT ? (
                <Button
                  variant="secondary"
                  className="justify-self-center"
                  disabled={loadingMore}
                  onClick={() => void navigate(hrefFor(q, Math.min(limit + SEARCH_PAGE, SEARCH_LIMIT)), { replace: true, preventScrollReset: true })}
                >
                  {loadingMore ? 'Loading...' : 'Load more'}
                </Button>
              ) : (
                <p className="text-center text-sm text-ink-muted">These are the {SEARCH_LIMIT} newest matches. Add a word to narrow the search.</p>
              ))}
          </>
        ) : null}
      </div>
    </Page>
  );
}

/** Spec §2 screen 9's count line, '{n} results found for "{q}"', in the singular for one. */
export function resultsLine(count: number, q: string): string {
  return `${count} ${count === 1 ? 'result' : 'results'} found for "${q}"`;
}
