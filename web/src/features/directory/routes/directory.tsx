import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from '@/lib/router/index.js';
import type { DirectoryLetter } from '@domain/directory.js';
import type { Listing } from '@domain/listing.js';
import { Page } from '@/components/layout/page.js';
import { Button } from '@/components/ui/button.js';
import { SearchField } from '@/components/ui/search-field.js';
import { Spinner } from '@/components/ui/spinner.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { businessHref } from '../business-href.js';
import { useCity } from '@/lib/api/get-city.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { useBusinesses } from '../api/get-businesses.js';
import { CategorySelects } from '../components/category-selects.js';
import { CategoryTiles } from '../components/category-tiles.js';
import { FilterBar } from '@/components/directory/filter-bar.js';
import { ListingCard } from '@/components/directory/listing-card.js';
import { categoryPaths, filterListings, groupCategories, readFilters, withParent, writeFilters, type DirectoryFilters } from '../directory-filters.js';
import { NO_BUSINESSES_FOUND } from '@domain/messages.js';

/**
 * Cards drawn at first and per 'Show more': a city's directory fits at once, and a directory of
 * thousands still appears quickly on a slow phone (scripts/bench/directory.bench.ts).
 */
export const CARD_BATCH = 60;

function ListingGrid({ listings, paths: categoryPathById, locationKey }: { listings: Listing[]; paths: Map<string, string>; locationKey: string | undefined }) {
  const [shown, setShown] = useState(CARD_BATCH);
  if (listings.length === 0) {
    return <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">{NO_BUSINESSES_FOUND}</p>;
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {listings.slice(0, shown).map((listing) => (
          <li key={listing.id}>
            <ListingCard
              listing={listing}
              categoryPath={listing.business_category ? (categoryPathById.get(listing.business_category) ?? null) : null}
              detailHref={businessHref(listing, locationKey)}
            />
          </li>
        ))}
      </ul>
      {shown < listings.length && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => setShown((n) => n + CARD_BATCH)}>
            Show more ({listings.length - shown} more)
          </Button>
        </div>
      )}
    </>
  );
}

/** Spec §2 screen 7: the directory of every city (/businesses) or of one (/city/{key}/businesses). */
export function DirectoryRoute() {
  const { locationKey } = useParams();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // Read once per distinct URL, so the filtered list below is recomputed only when it changes.
  const filters = useMemo(() => readFilters(new URLSearchParams(query)), [query]);
  const city = useCity(locationKey);
  const listings = useBusinesses(locationKey);
  const categories = useBusinessCategories();

  const groups = useMemo(() => groupCategories(categories.data ?? []), [categories.data]);
  const pathById = useMemo(() => categoryPaths(categories.data ?? []), [categories.data]);
  const shown = useMemo(
    () => (listings.data ? filterListings(listings.data, categories.data ?? [], filters) : []),
    [listings.data, categories.data, filters],
  );

  // Typing replaces the history entry; choosing a filter adds one, so Back undoes a choice.
  const update = (next: DirectoryFilters, replace = false) => setParams(writeFilters(next), { replace });
  const place = city.data ? `${city.data.name}, ${city.data.state}` : null;

  let body;
  if (listings.isPending) body = <Spinner label="Loading businesses..." />;
  else if (listings.isError)
    body = <LoadFailed message="The directory could not be loaded." onRetry={() => void listings.refetch()} retrying={listings.isFetching} />;
  else
    body = (
      <>
        <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
          {shown.length === 1 ? '1 business' : `${shown.length} businesses`}
        </p>
        {/* A new filter result starts again at the first batch of cards. */}
        <ListingGrid key={query} listings={shown} paths={pathById} locationKey={locationKey} />
      </>
    );

  return (
    <Page title="Business Directory" lead={place ? `Local businesses in ${place}.` : 'Local businesses in every city we cover.'}>
      {groups.length > 0 && (
        <section aria-labelledby="categories-heading" className="mb-8">
          <h2 id="categories-heading" className="mb-3 font-serif text-xl font-semibold text-ink">
            Categories
          </h2>
          <CategoryTiles groups={groups} parent={filters.parent} onChoose={(parent) => update(withParent(filters, parent))} />
        </section>
      )}
      <FilterBar
        columns="md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
        letters={{ value: filters.letter, onChange: (letter) => update({ ...filters, letter: letter as DirectoryLetter }) }}
      >
        <SearchField
          id="directory-search"
          label="Search"
          placeholder="Search by name or description..."
          value={filters.q}
          onChange={(q) => update({ ...filters, q }, true)}
        />
        <CategorySelects
          groups={groups}
          parent={filters.parent}
          sub={filters.sub}
          onParentChange={(parent) => update(withParent(filters, parent))}
          onSubChange={(sub) => update({ ...filters, sub })}
        />
      </FilterBar>
      <section aria-label="Businesses">{body}</section>
    </Page>
  );
}
