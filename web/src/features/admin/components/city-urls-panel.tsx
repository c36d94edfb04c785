import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import type { CityUrl } from '@domain/admin.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Spinner } from '@/components/ui/spinner.js';
import { cn } from '@/lib/cn.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { useAuth } from '@/lib/auth-context.js';
import { useRefreshVideos } from '../api/admin-videos.js';
import { useCityUrlMutations, useCityUrls, cityUrlsKey, type UrlForm } from '../api/city-urls.js';
import { refreshVideos } from '../api/functions.js';
import { useQueryClient } from '@/lib/query/provider.js';
import {
  ADD_SOURCE_TYPES,
  canStartAdding,
  canStartEditing,
  EDIT_SOURCE_TYPES,
  EMPTY_URL,
  formOfUrl,
  toggleSelection,
  type UrlRowMode,
} from './city-rules.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { UrlEditor } from './url-editor.js';
import { NO_CITY_URLS, VIDEOS_REFRESHED_MESSAGE } from '@domain/messages.js';

/** The city URLs panel (spec §2 screen 14, §4): add and edit rows, delete, select, refresh videos. */
export function CityUrlsPanel({ cityId, selected, onSelect }: { cityId: string; selected: string | null; onSelect: (id: string | null) => void }) {
  const urls = useCityUrls(cityId);
  const { create, update, remove } = useCityUrlMutations(cityId);
  const [mode, setMode] = useState<UrlRowMode>({ kind: 'idle' });
  const [deleting, setDeleting] = useState<CityUrl | null>(null);
  useErrorToast(urls.isError, urls.errorUpdatedAt, 'Failed to fetch city URLs');

  const setForm = (form: UrlForm) => setMode((current) => (current.kind === 'idle' ? current : { ...current, form }));
  const idle = () => setMode({ kind: 'idle' });
  async function save() {
    if (mode.kind === 'add') {
      await create.mutateAsync(mode.form);
      toastSuccess('URL created successfully');
    }
    if (mode.kind === 'edit') {
      await update.mutateAsync({ id: mode.id, form: mode.form });
      toastSuccess('URL updated successfully');
    }
    idle();
  }
  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toastSuccess('URL deleted successfully');
        // Spec §4: deleting a URL clears the selection.
        onSelect(null);
        setDeleting(null);
      },
      onError: (error) => toastError('Error deleting URL', error.message),
    });
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>City URLs</CardTitle>
        <Button size="sm" onClick={() => setMode({ kind: 'add', form: EMPTY_URL })} disabled={!canStartAdding(mode) || mode.kind === 'add'}>
          <Plus aria-hidden /> Add URL
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mode.kind === 'add' && (
          <UrlEditor
            label="New URL"
            form={mode.form}
            sourceTypes={ADD_SOURCE_TYPES}
            failureTitle="Error creating URL"
            onChange={setForm}
            onSave={save}
            onCancel={idle}
          />
        )}
        {urls.isPending ? (
          <Spinner label="Loading URLs..." />
        ) : !urls.data || urls.data.length === 0 ? (
          <p className="text-ink-muted">{NO_CITY_URLS}</p>
        ) : (
          <ul className="grid gap-2">
            {urls.data.map((row) =>
              mode.kind === 'edit' && mode.id === row.id ? (
                <li key={row.id}>
                  <UrlEditor
                    label={`Edit ${row.title ?? row.url}`}
                    form={mode.form}
                    sourceTypes={EDIT_SOURCE_TYPES}
                    failureTitle="Error updating URL"
                    onChange={setForm}
                    onSave={save}
                    onCancel={idle}
                  />
                </li>
              ) : (
                <UrlRow
                  key={row.id}
                  row={row}
                  cityId={cityId}
                  selected={selected === row.id}
                  canEdit={canStartEditing(mode)}
                  onSelect={() => onSelect(toggleSelection(selected, row.id))}
                  onEdit={() => setMode({ kind: 'edit', id: row.id, form: formOfUrl(row) })}
                  onDelete={() => setDeleting(row)}
                />
              ),
            )}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this URL?"
        description={`${deleting?.url ?? ''} is removed from the city. Its videos stay.`}
        confirmLabel="Delete URL"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

function UrlRow({
  row,
  cityId,
  selected,
  canEdit,
  onSelect,
  onEdit,
  onDelete,
}: {
  row: CityUrl;
  cityId: string;
  selected: boolean;
  canEdit: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshVideos();
  const [refreshing, setRefreshing] = useState(false);
  async function refresh() {
    setRefreshing(true);
    try {
      await refreshVideos({ url: row.url, cityId, signedIn: user !== null });
      toastSuccess(VIDEOS_REFRESHED_MESSAGE);
    } catch (error) {
      toastError('Error refreshing videos', error instanceof Error ? error.message : String(error));
    } finally {
      setRefreshing(false);
      await Promise.all([refreshLists(), queryClient.invalidateQueries({ queryKey: cityUrlsKey(cityId) })]);
    }
  }
  const name = row.title ?? row.url;
  return (
    <li className={cn('rounded-md border p-3', selected ? 'border-accent bg-accent-soft/40' : 'border-line')}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <button type="button" aria-pressed={selected} onClick={onSelect} className="min-w-0 text-left focus-visible:outline-2 focus-visible:outline-accent">
          <span className="block font-medium break-words text-ink">{name}</span>
          <span className="block text-sm break-all text-ink-muted">{row.url}</span>
          <span className="mt-1 flex flex-wrap gap-1">
            <Badge>{row.content_type}</Badge>
            <Badge>{row.source_type}</Badge>
            {row.video_count !== undefined && <Badge tone="blue">{row.video_count} video{row.video_count === 1 ? '' : 's'}</Badge>}
            {row.last_refresh?.status === 'failed' && <Badge tone="danger">Last refresh failed</Badge>}
          </span>
        </button>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void refresh()} disabled={refreshing} aria-label={`Refresh videos of ${name}`}>
            <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
            {refreshing ? 'Refreshing...' : 'Refresh videos'}
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit} disabled={!canEdit} aria-label={`Edit ${name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
