import ChevronRight from 'lucide-react/icons/chevron-right';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from '@/lib/router/index.js';
import type { City } from '@domain/city.js';
import { isCityArchived } from '@domain/city-visibility.js';
import { CityStatusBadge } from '@/components/city-status.js';
import { Page } from '@/components/layout/page.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { Spinner } from '@/components/ui/spinner.js';
import { bannerColors } from '../components/city-banner.js';
import { useCities } from '@/lib/api/get-cities.js';
import { paths } from '@/lib/paths.js';

function CityItem({ city }: { city: City }) {
  const { primary, secondary } = bannerColors(city);
  const place = [city.county, city.state].filter(Boolean).join(', ');
  return (
    <Link
      to={paths.city.href(city.location_key)}
      className="group flex h-full items-stretch overflow-hidden rounded-lg border border-line bg-white shadow-sm transition hover:border-accent hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <span aria-hidden="true" className="w-2 shrink-0" style={{ backgroundImage: `linear-gradient(180deg, ${primary}, ${secondary})` }} />
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-serif text-lg font-semibold break-words text-ink group-hover:text-accent">
            {city.name}, {city.state}
          </span>
          <CityStatusBadge city={city} />
        </span>
        {place && (
          <span className="flex items-center gap-1 text-sm text-ink-muted">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            {place}
          </span>
        )}
        {city.tag_line && <span className="line-clamp-2 text-sm text-ink">{city.tag_line}</span>}
      </span>
      <ChevronRight aria-hidden="true" className="mr-3 size-5 shrink-0 self-center text-ink-muted group-hover:text-accent" />
    </Link>
  );
}

function CityList({ cities, label }: { cities: City[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cities.map((city) => (
        <li key={city.location_key}>
          <CityItem city={city} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Every city we cover (issue 25): the ones we follow, then the archived ones, whose pages stay
 * readable. The API answers an admin with the cities being set up too; they carry their badge.
 * Unlike the home page, it never sends a member on to their home city.
 */
export function CitiesRoute() {
  const cities = useCities();
  let body;
  if (cities.isPending) body = <Spinner label="Loading cities..." />;
  else if (cities.isError) body = <LoadFailed message="The cities could not be loaded." onRetry={() => void cities.refetch()} retrying={cities.isFetching} />;
  else {
    const current = cities.data.filter((city) => !isCityArchived(city.status));
    const archived = cities.data.filter((city) => isCityArchived(city.status));
    body = (
      <div className="grid gap-10">
        {current.length > 0 ? (
          <CityList cities={current} label="Cities" />
        ) : (
          <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">No cities yet.</p>
        )}
        {archived.length > 0 && (
          <section aria-labelledby="archived-cities" className="grid gap-4">
            <div>
              <h2 id="archived-cities" className="font-serif text-2xl font-semibold text-ink">
                Archived
              </h2>
              <p className="mt-1 text-ink-muted">We no longer follow these cities; their past meetings stay here to read.</p>
            </div>
            <CityList cities={archived} label="Archived cities" />
          </section>
        )}
      </div>
    );
  }
  return (
    <Page title="Cities" lead="The cities whose council, school board and county meetings we follow.">
      {body}
    </Page>
  );
}
