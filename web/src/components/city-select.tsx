import type { Ref } from 'react';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger } from './ui/select.js';
import { isCityPickable } from '@domain/city-visibility.js';
import { useCities } from '../lib/api/get-cities.js';

/** Never a location key (keys are slugs): stands for "no city" where a city is optional. */
const NONE = '__none__';

export interface CitySelectProps {
  /** Give a <Label htmlFor> this id: the trigger is what screen readers announce. */
  id: string;
  /** A location key, or '' for none. */
  value: string;
  onValueChange: (locationKey: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Offer a first option that clears the choice (an optional field). */
  noneLabel?: string;
  ref?: Ref<HTMLButtonElement>;
  className?: string;
  /** A schema form's field state (components/form/form-field.tsx). */
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * A choice among the cities we cover ('name, state'), read from GET /api/cities: the Live ones
 * (city-visibility.ts), and the one already chosen whatever it has become since.
 */
export function CitySelect({ id, value, onValueChange, placeholder = 'Select a city', disabled, noneLabel, ref, className, ...aria }: CitySelectProps) {
  const cities = useCities();
  const choices = cities.data?.filter((city) => isCityPickable(city.status) || city.location_key === value);
  const shown = cities.isPending ? 'Loading cities...' : cities.isError ? 'Cities could not be loaded' : placeholder;
  return (
    <Select
      value={value}
      onValueChange={(next) => onValueChange(next === NONE ? '' : next)}
      disabled={disabled || cities.isPending || cities.isError}
    >
      <SelectTrigger ref={ref} id={id} placeholder={shown} className={className} {...aria} />
      <SelectContent>
        {noneLabel && (
          <>
            <SelectItem value={NONE}>{noneLabel}</SelectItem>
            <SelectSeparator />
          </>
        )}
        {choices?.map((city) => (
          <SelectItem key={city.location_key} value={city.location_key}>
            {city.name}, {city.state}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
