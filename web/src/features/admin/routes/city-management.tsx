import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { Page } from '@/components/layout/page.js';
import { Button } from '@/components/ui/button.js';
import { Label } from '@/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import { Spinner } from '@/components/ui/spinner.js';
import { useErrorToast } from '@/lib/use-error-toast.js';
import { AdminOnly } from '@/components/admin-only.js';
import { useAdminCities } from '../api/admin-cities.js';
import { useCityUrls } from '../api/city-urls.js';
import { CityDetails } from '../components/city-details.js';
import { CityUrlsPanel } from '../components/city-urls-panel.js';
import { CreateCityDialog } from '../components/create-city-dialog.js';
import { UrlVideos } from '../components/url-videos.js';
import { FETCH_CITIES_FAILED } from '@domain/messages.js';

/** Spec §2 screen 14. */
function CityManagement() {
  const cities = useAdminCities();
  const [cityId, setCityId] = useState<string | null>(null);
  const [urlId, setUrlId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const urls = useCityUrls(cityId);
  useErrorToast(cities.isError, cities.errorUpdatedAt, FETCH_CITIES_FAILED);
  const city = cities.data?.find((row) => row.id === cityId) ?? null;
  const selectedUrl = urls.data?.find((row) => row.id === urlId) ?? null;
  const choose = (id: string | null) => {
    setCityId(id);
    setUrlId(null);
  };

  return (
    <Page title="City Management" lead="Cities, their video sources and the meetings found in them.">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="manage-city">City</Label>
          <Select value={cityId ?? ''} onValueChange={(value) => choose(value)}>
            <SelectTrigger id="manage-city" placeholder="Choose a city to manage" />
            <SelectContent>
              {cities.data?.map((row) => (
                <SelectItem key={row.id} value={row.id}>
                  {row.name}, {row.state}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Create New City
        </Button>
      </div>
      {cities.isPending ? (
        <Spinner label="Loading cities..." />
      ) : !city ? (
        <p className="rounded-lg border border-line bg-paper-muted p-6 text-center text-ink-muted">
          Please select a city to manage its details and URLs, or create a new city
        </p>
      ) : (
        <div className="grid gap-6">
          <CityDetails key={city.id} city={city} />
          <CityUrlsPanel key={`urls-${city.id}`} cityId={city.id} selected={urlId} onSelect={setUrlId} />
          {selectedUrl && <UrlVideos cityId={city.id} url={selectedUrl} />}
        </div>
      )}
      <CreateCityDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          choose(created.id);
        }}
      />
    </Page>
  );
}

export function CityManagementRoute() {
  return (
    <AdminOnly>
      <CityManagement />
    </AdminOnly>
  );
}
