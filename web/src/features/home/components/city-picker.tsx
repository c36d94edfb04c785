import { MapPin } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from '../../../components/ui/select.js';
import { paths } from '../../../lib/paths.js';
import { useCities } from '../../cities/api/get-cities.js';

// Opened only from 'Other': the form, the dialog primitive and the states list load when first asked for.
const RequestCityDialog = lazy(async () => ({ default: (await import('./request-city-dialog.js')).RequestCityDialog }));

/** Not a location key: keys are slugs of a name and a state, never this. */
const OTHER = '__other__';

/** Spec §2 screen 1: choose a city and go to it; 'Other' asks for coverage of a new one. */
export function CityPicker() {
  const id = useId();
  const navigate = useNavigate();
  const cities = useCities();
  const [cityKey, setCityKey] = useState('');
  const [requesting, setRequesting] = useState(false);
  // Stays mounted once opened, so closing runs the dialog's own exit (focus back to the picker).
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  function choose(value: string) {
    if (value === OTHER) {
      setRequested(true);
      setRequesting(true);
      return;
    }
    setCityKey(value);
  }

  const placeholder = cities.isPending ? 'Loading cities...' : cities.isError ? 'Cities could not be loaded' : 'Choose your city';
  return (
    <div className="w-full max-w-xl">
      <Label htmlFor={id} className="mb-2 block text-base">
        Find your city
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Select value={cityKey} onValueChange={choose} disabled={cities.isPending}>
          <SelectTrigger ref={triggerRef} id={id} placeholder={placeholder} className="h-12 sm:flex-1" />
          <SelectContent>
            {cities.data?.map((city) => (
              <SelectItem key={city.location_key} value={city.location_key}>
                {city.name}, {city.state}
              </SelectItem>
            ))}
            {Boolean(cities.data?.length) && <SelectSeparator />}
            <SelectItem value={OTHER}>Other</SelectItem>
          </SelectContent>
        </Select>
        <Button size="lg" disabled={!cityKey} onClick={() => void navigate(paths.city.href(cityKey))}>
          <MapPin aria-hidden="true" />
          Go to My City
        </Button>
      </div>
      {requested && (
        <Suspense fallback={null}>
          <RequestCityDialog open={requesting} onOpenChange={setRequesting} returnFocusTo={() => triggerRef.current} />
        </Suspense>
      )}
    </div>
  );
}
