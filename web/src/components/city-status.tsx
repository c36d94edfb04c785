import type { City } from '@domain/city.js';
import { isCityArchived, isCityStaffOnly } from '@domain/city-visibility.js';
import { Badge } from './ui/badge.js';

/**
 * A city's status where it matters to the reader (core/domain/city-visibility.ts): "New" or
 * "Test" on a city only staff can see, "Archived" on one no longer followed; nothing on a
 * Live city.
 */
export function CityStatusBadge({ city, className }: { city: Pick<City, 'status'>; className?: string }) {
  if (isCityStaffOnly(city.status)) {
    return (
      <Badge tone="yellow" className={className} title="Only admins see this city">
        {city.status}
      </Badge>
    );
  }
  if (isCityArchived(city.status)) {
    return (
      <Badge tone="grey" className={className}>
        Archived
      </Badge>
    );
  }
  return null;
}
