import ChevronDown from 'lucide-react/icons/chevron-down';
import MapPin from 'lucide-react/icons/map-pin';
import { lazy, Suspense, useId, useRef, useState, useTransition, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useNavigate } from '@/lib/router/index.js';
import { Button } from '@/components/ui/button.js';
import { Label } from '@/components/ui/label.js';
import { selectTriggerClasses } from '@/components/ui/select-face.js';
import { paths } from '@/lib/paths.js';
import { isCityPickable } from '@domain/city-visibility.js';
import { useCities } from '@/lib/api/get-cities.js';

/*
 * The Radix select and what it stands on (popper, floating-ui, focus and scroll locks) are
 * ~30 kB gzipped, a fifth of the home page's budget (issue 10), and only needed once the
 * visitor reaches for the picker. Until then a plain trigger that looks and reads the same
 * stands in: the pointer coming over it fetches the real one's code, the focus landing on it
 * or a press puts the real one in its place (a press opening it).
 */
const loadCityMenu = () => import('./city-menu.js');
const CityMenu = lazy(async () => ({ default: (await loadCityMenu()).CityMenu }));
// Opened only from 'Other': the form, the dialog primitive and the states list load when first asked for.
const RequestCityDialog = lazy(async () => ({ default: (await import('./request-city-dialog.js')).RequestCityDialog }));

/** Keys that open a select from its trigger (as Radix's own trigger does). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface MenuWanted {
  /** Load the real select. */
  load: boolean;
  /** Open it as soon as it is there. */
  open: boolean;
  /** The plain trigger has the focus: the real one takes it over. */
  focus: boolean;
}

/**
 * Spec §2 screen 1: choose a city and go to it; 'Other' asks for coverage of a new one. Only
 * Live cities are offered (city-visibility.ts); the cities page lists the archived ones too.
 */
export function CityPicker() {
  const id = useId();
  const navigate = useNavigate();
  const cities = useCities();
  const [cityKey, setCityKey] = useState('');
  const [requesting, setRequesting] = useState(false);
  // Stays mounted once opened, so closing runs the dialog's own exit (focus back to the picker).
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<MenuWanted>({ load: false, open: false, focus: false });
  // A transition keeps the plain trigger (and its focus) on screen while the real one loads.
  const [, startTransition] = useTransition();
  const want = (change: Partial<MenuWanted>) => startTransition(() => setMenu((now) => ({ ...now, load: true, ...change })));

  function requestCity() {
    setRequested(true);
    setRequesting(true);
  }

  const placeholder = cities.isPending ? 'Loading cities...' : cities.isError ? 'Cities could not be loaded' : 'Choose your city';
  const plainTrigger = (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-placeholder=""
      disabled={cities.isPending}
      className={selectTriggerClasses('h-12 sm:flex-1')}
      // Only fetched here: swapping the trigger under a pointer about to press would lose the press.
      // A failed fetch is tried again (and reported) when the picker is used.
      onPointerEnter={() => void loadCityMenu().catch(() => undefined)}
      onFocus={() => want({ focus: true })}
      onBlur={() => setMenu((now) => ({ ...now, focus: false }))}
      onPointerDown={(event: PointerEvent) => {
        // A mouse opens a select on press, touch and pen on release (the click below).
        if (event.pointerType !== 'mouse' || event.button !== 0) return;
        event.preventDefault();
        want({ open: true });
      }}
      onClick={() => want({ open: true })}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        want({ open: true });
      }}
    >
      <span className="truncate">{placeholder}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
    </button>
  );

  return (
    <div className="w-full max-w-xl">
      <Label htmlFor={id} className="mb-2 block text-base">
        Find your city
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* Always mounted, so the transition keeps the plain trigger in place while the real one loads. */}
        <Suspense fallback={plainTrigger}>
          {menu.load ? (
            <CityMenu
              id={id}
              triggerRef={triggerRef}
              placeholder={placeholder}
              disabled={cities.isPending}
              cities={cities.data?.filter((city) => isCityPickable(city.status))}
              value={cityKey}
              onCity={setCityKey}
              onOther={requestCity}
              defaultOpen={menu.open && !cities.isPending}
              autoFocus={menu.focus}
            />
          ) : (
            plainTrigger
          )}
        </Suspense>
        <Button size="lg" disabled={!cityKey} onClick={() => void navigate(paths.city.href(cityKey))}>
          <MapPin aria-hidden="true" />
          Go to My City
        </Button>
      </div>
      <p className="mt-3 text-sm text-ink-muted">
        Or{' '}
        <Link to={paths.cities.href()} className="font-medium text-accent underline-offset-4 hover:underline">
          browse all cities
        </Link>
        .
      </p>
      {requested && (
        <Suspense fallback={null}>
          <RequestCityDialog open={requesting} onOpenChange={setRequesting} returnFocusTo={() => triggerRef.current} />
        </Suspense>
      )}
    </div>
  );
}
