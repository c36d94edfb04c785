import type { City } from '@domain/city.js';
import { Link, useParams } from '@/lib/router/index.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { PageSpinner, Spinner } from '@/components/ui/spinner.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { isApiError } from '@/lib/api-client.js';
import { paths } from '@/lib/paths.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { useCity } from '@/lib/api/get-city.js';
import { useCityStats } from '../api/get-city-stats.js';
import { useCityVideos } from '../api/get-city-videos.js';
import { CityBanner } from '../components/city-banner.js';
import { QuickInfoCard, StatisticsCard } from '../components/city-side-cards.js';
import { MeetingCard } from '../components/meeting-card.js';
import { CITY_NOT_FOUND } from '@domain/messages.js';

function CityNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="font-serif text-3xl font-bold text-ink">City Not Found</h1>
      <p className="mt-3 text-ink-muted">The city you're looking for doesn't exist or has been removed.</p>
      <Link to={paths.home.href()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        Browse Cities
      </Link>
    </div>
  );
}

function CityUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="font-serif text-3xl font-bold text-ink">This city could not be loaded</h1>
      <p className="mt-3 text-ink-muted">Something went wrong on our side or on the way. Please try again.</p>
      <Button size="lg" className="mt-8" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}

function CityContent({ city }: { city: City }) {
  const videos = useCityVideos(city.location_key);
  const stats = useCityStats(city.location_key);
  useErrorToast(videos.isError, videos.errorUpdatedAt, 'Error', 'Failed to load videos');
  let body;
  if (videos.isPending) body = <Spinner label="Loading meetings..." />;
  else if (videos.isError)
    body = <LoadFailed message="The meetings could not be loaded." onRetry={() => void videos.refetch()} retrying={videos.isFetching} />;
  else if (videos.data.length === 0)
    body = <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">No videos available yet.</p>;
  else
    body = (
      <ol className="grid gap-4">
        {videos.data.map((video) => (
          <li key={video.id}>
            <MeetingCard video={video} locationKey={city.location_key} />
          </li>
        ))}
      </ol>
    );
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid gap-10">
        {city.description && (
          <section aria-labelledby="about-city">
            <h2 id="about-city" className="font-serif text-2xl font-semibold text-ink">
              About {city.name}
            </h2>
            <p className="mt-3 max-w-prose text-base leading-relaxed text-ink">{city.description}</p>
          </section>
        )}
        <section aria-labelledby="latest-meetings" className="grid gap-4">
          <h2 id="latest-meetings" className="font-serif text-2xl font-semibold text-ink">
            Latest Meetings
          </h2>
          {body}
        </section>
      </div>
      <aside className="grid gap-6" aria-label={`About ${city.name} at a glance`}>
        <QuickInfoCard city={city} />
        {!stats.isPending && <StatisticsCard stats={stats.data ?? null} />}
      </aside>
    </div>
  );
}

/** Spec §2 screen 6 and §8: the city page, its not-found view and its error toasts. */
export function CityRoute() {
  const { locationKey = '' } = useParams();
  const city = useCity(locationKey);
  const notFound = city.isError && isApiError(city.error) && city.error.status === 404;
  useErrorToast(city.isError, city.errorUpdatedAt, 'Error', notFound ? CITY_NOT_FOUND : 'An unexpected error occurred');
  // One title for every state (a child's effect would run before, and be overwritten by, this one).
  useDocumentTitle(city.data ? `${city.data.name}, ${city.data.state}` : notFound ? 'City Not Found' : city.isError ? 'City' : undefined);
  if (city.isPending) return <PageSpinner label="Loading city..." />;
  if (notFound) return <CityNotFound />;
  if (city.isError) return <CityUnavailable onRetry={() => void city.refetch()} retrying={city.isFetching} />;
  return (
    <>
      <CityBanner city={city.data} />
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <CityContent city={city.data} />
      </div>
    </>
  );
}
