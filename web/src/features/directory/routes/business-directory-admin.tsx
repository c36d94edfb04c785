import { Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LETTERS } from '../../../../../core/domain/directory.js';
import type { AdminListing } from '../../../../../core/domain/listing.js';
import { Page } from '../../../components/layout/page.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from '../../../components/ui/select.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useErrorToast } from '../../../lib/use-error-toast.js';
import { useCities } from '../../../lib/api/get-cities.js';
import { useAdminBusinesses, type AdminListingFilters } from '../api/get-admin-businesses.js';
import { useBusinessCategories } from '../api/get-business-categories.js';
import { AddBusinessDialog } from '../components/add-business-dialog.js';
import { AdminListingCard } from '../components/admin-listing-card.js';
import { AdminOnly } from '../../../components/admin-only.js';
import { EditBusinessDialog } from '../components/edit-business-dialog.js';
import { LetterFilter } from '../../../components/directory/letter-filter.js';
import { Pagination } from '../components/pagination.js';
import { PreviewDialog } from '../components/preview-dialog.js';
import { RemoveBusinessDialog } from '../components/remove-business-dialog.js';
import { categoryPaths } from '../directory-filters.js';
import { businessHref } from '../business-href.js';

const ALL_CITIES = '__all__';
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
    body = (
      <div className="rounded-lg border border-line bg-paper-muted p-6 text-center">
        <p className="text-ink">The businesses could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Try again
        </Button>
      </div>
    );
  else if (list.data.rows.length === 0)
    body = <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">No businesses found matching your criteria</p>;
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
      <section aria-label="Filters" className="mb-6 grid gap-4 rounded-lg border border-line bg-paper-muted p-4">
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="admin-business-search">Name</Label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
              <Input
                id="admin-business-search"
                type="search"
                className="pl-9"
                placeholder="Search businesses by name..."
                value={filters.q}
                onChange={(event) => filter({ q: event.target.value })}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="admin-business-city">City</Label>
            <Select value={filters.cityId || ALL_CITIES} onValueChange={(value) => filter({ cityId: value === ALL_CITIES ? '' : value })}>
              <SelectTrigger id="admin-business-city" />
              <SelectContent>
                <SelectItem value={ALL_CITIES}>All cities</SelectItem>
                <SelectSeparator />
                {cities.data?.map((city) => (
                  <SelectItem key={city.id} value={city.id}>
                    {city.name}, {city.state}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear
            </Button>
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <Plus aria-hidden="true" /> Add Business
            </Button>
          </div>
        </div>
        {/* Clicking the active letter clears it (spec §2 screen 16). */}
        <LetterFilter letters={AZ} value={filters.letter} onChange={(letter) => filter({ letter: letter === filters.letter ? '' : letter })} />
      </section>
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
