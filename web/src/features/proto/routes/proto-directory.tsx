import Store from 'lucide-react/icons/store';
import { useRef, useState } from 'react';
import { Link } from '@/lib/router/index.js';
import { LETTERS, type DirectoryLetter } from '@domain/directory.js';
import { Page } from '@/components/layout/page.js';
import { Button, buttonClasses } from '@/components/ui/button.js';
import { SearchField } from '@/components/ui/search-field.js';
import { SelectField } from '@/components/ui/select-field.js';
import { paths } from '@/lib/paths.js';
import { FilterBar } from '@/components/directory/filter-bar.js';
import { sendEvent } from '../api/send-event.js';
import { SampleListingCard } from '../components/sample-listing-card.js';
import { filterSampleBusinesses, NO_PROTO_FILTERS, showingText, type ProtoFilters } from '../proto-filters.js';
import { SAMPLE_BUSINESSES, SAMPLE_CATEGORIES } from '../sample-businesses.js';
import { NO_BUSINESSES_FOUND } from '@domain/messages.js';

/** Spec §2 screen 18: the prototype business directory on its 20 sample businesses. */
export function ProtoDirectoryRoute() {
  const [filters, setFilters] = useState<ProtoFilters>(NO_PROTO_FILTERS);
  // One search_initiated per search: when the box goes from empty to typed.
  const searching = useRef(false);
  const shown = filterSampleBusinesses(SAMPLE_BUSINESSES, filters);

  function search(q: string) {
    if (q.trim() && !searching.current) sendEvent('search_initiated', { source: 'proto_directory' });
    searching.current = q.trim() !== '';
    setFilters((current) => ({ ...current, q }));
  }
  function chooseCategory(category: string) {
    sendEvent('entity_filter_click', { filter: 'category', value: category || 'all' });
    setFilters((current) => ({ ...current, category }));
  }
  function chooseLetter(letter: string) {
    sendEvent('entity_filter_click', { filter: 'letter', value: letter });
    setFilters((current) => ({ ...current, letter: letter as DirectoryLetter }));
  }
  function clearAll() {
    searching.current = false;
    setFilters(NO_PROTO_FILTERS);
  }

  return (
    <Page title="Local Business Directory" lead="Find trusted local businesses, services and shops near you.">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-accent-soft p-4">
        <p className="text-ink">Own a business? Reach neighbours who are looking for you.</p>
        <Link to={paths.proto.pricing.href()} className={buttonClasses('primary')}>
          <Store aria-hidden="true" /> List My Business
        </Link>
      </div>
      <FilterBar columns="md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" letters={{ letters: LETTERS, value: filters.letter, onChange: chooseLetter }}>
        <SearchField
          id="proto-search"
          label="Search"
          placeholder="Search businesses, services, or descriptions..."
          value={filters.q}
          onChange={search}
        />
        <SelectField id="proto-category" label="Category" none="All Categories" value={filters.category} onChange={chooseCategory} options={SAMPLE_CATEGORIES} />
      </FilterBar>
      <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
        {showingText(shown.length, SAMPLE_BUSINESSES.length, filters)}
      </p>
      {shown.length === 0 ? (
        <div className="rounded-lg border border-line bg-paper-muted p-6 text-center">
          <p className="text-ink-muted">{NO_BUSINESSES_FOUND}</p>
          <Button variant="secondary" className="mt-4" onClick={clearAll}>
            Clear all filters
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((business, index) => (
            // A click on any of the card's links counts as opening that result.
            <li key={business.id} onClickCapture={(event) => {
              if ((event.target as HTMLElement).closest('a')) sendEvent('search_result_click', { business: business.name, position: index + 1 });
            }}>
              <SampleListingCard business={business} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
