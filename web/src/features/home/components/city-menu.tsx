import { useEffect, type RefObject } from 'react';
import type { City } from '@domain/city.js';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from '@/components/ui/select.js';

/** Not a location key: keys are slugs of a name and a state, never this. */
const OTHER = '__other__';

export interface CityMenuProps {
  id: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  placeholder: string;
  disabled: boolean;
  cities: City[] | undefined;
  /** The chosen location key, or ''. */
  value: string;
  onCity: (locationKey: string) => void;
  /** 'Other': the visitor's city is not in the list. */
  onOther: () => void;
  /** Opened by the press that loaded it. */
  defaultOpen: boolean;
  /** It replaces a trigger that had the focus: take it over. */
  autoFocus: boolean;
}

/**
 * The home page's city select (Radix), loaded by city-picker.tsx on the first sign that the
 * visitor is about to use it.
 */
export function CityMenu({ id, triggerRef, placeholder, disabled, cities, value, onCity, onOther, defaultOpen, autoFocus }: CityMenuProps) {
  useEffect(() => {
    // Only when it mounts closed: an open select moves the focus into its list itself.
    if (autoFocus && !defaultOpen) triggerRef.current?.focus();
    // Once, as it replaces the plain trigger; later prop changes are not a hand-over.
  }, []);
  return (
    <Select value={value} onValueChange={(next) => (next === OTHER ? onOther() : onCity(next))} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger ref={triggerRef} id={id} placeholder={placeholder} className="h-12 sm:flex-1" />
      <SelectContent>
        {cities?.map((city) => (
          <SelectItem key={city.location_key} value={city.location_key}>
            {city.name}, {city.state}
          </SelectItem>
        ))}
        {Boolean(cities?.length) && <SelectSeparator />}
        <SelectItem value={OTHER}>Other</SelectItem>
      </SelectContent>
    </Select>
  );
}
