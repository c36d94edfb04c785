import Plus from 'lucide-react/icons/plus';
import { useMemo, useState } from 'react';
import { LETTERS } from '@domain/directory.js';
import type { AdminListing } from '@domain/listing.js';
import { Page } from '@/components/layout/page.js';
import { Button } from '@/components/ui/button.js';
import { SearchField } from '@/components/ui/search-field.js';
import { SelectField } from '@/components/ui/select-field.js';
import { Spinner } from '@/components/ui/spinner.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { useCities } from '@/lib/api/get-cities.js';
import { useAdminBusinesses, type AdminListingFilters } from '../api/get-admin-businesses.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { AddBusinessDialog } from '../components/add-business-dialog.js';
import { AdminListingCard } from '../components/admin-listing-card.js';
import { AdminOnly } from '@/components/admin-only.js';
import { EditBusinessDialog } from '../components/edit-business-dialog.js';
import { FilterBar } from '@/components/directory/filter-bar.js';
import { Pagination } from '../components/pagination.js';
import { PreviewDialog } from '../components/preview-dialog.js';
import { RemoveBusinessDialog } from '../components/remove-business-dialog.js';
import { categoryPaths } from '../directory-filters.js';
import { businessHref } from '../business-href.js';
import { NO_BUSINESSES_FOUND } from '@domain/messages.js';

const AZ = LETTERS.filter((letter) => /^[A-Z]$/.test(letter));
const NO_FILTERS: AdminListingFilters = { q: '', cityId: '', letter: '', page: 1 };

type Dialog = { kind: 'preview' | 'edit' | 'remove'; listing: AdminListing } | { kind: 'add' } | null;

function BusinessDirectoryAdmin() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const cities = useCities();
  const categories = useBusinessCategories();
  const list = useAdminBusinesses(filters, true);
  const pathById = useMemo(() => categoryPaths(categories.data ?? []), [categories.data]);
  useErrorToast(list.isError, list.errorUpdatedAt, 'Error', 'Failed to fetch businesses');

  // Spec §4: any change of a filter or the search goes back to page 1.
  const filter = (change: Partial<AdminListingFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const totalPages = list.data ? Math.ceil(list.data.total / list.data.page_size) : 0;
  const closeDialog = () => setDialog(null);
  const previewed = dialog?.kind === 'preview' ? dialog.listing : null;

  let body;
  if (list.isPending) body = <Spinner label="Loading businesses..." />;
  else if (list.isError && !list.data)
    body = <LoadFailed message="The businesses could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.rows.length === 0)
    body = <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">{NO_BUSINESSES_FOUND}</p>;
  else
    body = (
      <div className="grid gap-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.rows.map((listing) => (
            <li key={listing.id}>
              <AdminListingCard
                listing={listing}
                onPreview={() => setDialog({ kind: 'preview', listing })}
                onEdit={() => setDialog({ kind: 'edit', listing })}
                onDelete={() => setDialog({ kind: 'remove', listing })}
              />
            </li>
          ))}
        </ul>
        <Pagination page={filters.page} totalPages={totalPages} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
      </div>
    );

  return (
    <Page title="Business Directory Management" lead="Search, review and edit the listings of every city.">
      <FilterBar
        columns="md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
        // Clicking the active letter clears it (spec §2 screen 16).
        letters={{ letters: AZ, value: filters.letter, onChange: (letter) => filter({ letter: letter === filters.letter ? '' : letter }) }}
      >
        <SearchField
          id="admin-business-search"
          label="Name"
          placeholder="Search businesses by name..."
          value={filters.q}
          onChange={(q) => filter({ q })}
        />
        <SelectField
          id="admin-business-city"
          label="City"
          none="All cities"
          value={filters.cityId}
          onChange={(cityId) => filter({ cityId })}
          options={cities.data?.map((city) => ({ value: city.id, label: `${city.name}, ${city.state}` })) ?? []}
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
            Clear
          </Button>
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <Plus aria-hidden="true" /> Add Business
          </Button>
        </div>
      </FilterBar>
      {list.data && (
        <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
          Showing {list.data.rows.length} of {list.data.total} businesses
        </p>
      )}
      {body}
      <PreviewDialog
        listing={previewed}
        categoryPath={previewed?.business_category ? (pathById.get(previewed.business_category) ?? null) : null}
        detailHref={previewed ? businessHref(previewed, previewed.city?.location_key) : null}
        onClose={closeDialog}
      />
      <EditBusinessDialog listing={dialog?.kind === 'edit' ? dialog.listing : null} onClose={closeDialog} />
      <RemoveBusinessDialog listing={dialog?.kind === 'remove' ? dialog.listing : null} onClose={closeDialog} />
      <AddBusinessDialog open={dialog?.kind === 'add'} onClose={closeDialog} />
    </Page>
  );
}

/** Spec §2 screen 16, admins only. */
export function BusinessDirectoryAdminRoute() {
  return (
    <AdminOnly>
      <BusinessDirectoryAdmin />
    </AdminOnly>
  );
}
