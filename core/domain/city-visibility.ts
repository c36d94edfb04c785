import { CITY_STATUSES, type CityStatus } from './enums.js';

/**
 * Who sees which cities (issue 25), the one statement of the rule for every front door:
 * - Live: public, and offered in the pickers (the home page's city picker, a member's home city).
 * - Archive: readable by everyone (old links keep working) but no longer offered in pickers.
 * - New, Test: a city being set up; only staff see it, anywhere (pages, API, search, sitemap,
 *   link previews), and always with its status shown.
 * Browser-safe: the web app asks the same questions of the cities it lists.
 */
export type Audience = 'public' | 'staff';

/** Cities whose pages the public reads. */
export const PUBLIC_CITY_STATUSES = ['Live', 'Archive'] as const satisfies readonly CityStatus[];

/** Cities offered to choose from (home picker, home city). */
const PICKER_CITY_STATUSES = ['Live'] as const satisfies readonly CityStatus[];

/** The statuses an audience may see. */
export function visibleCityStatuses(audience: Audience): readonly CityStatus[] {
  return audience === 'staff' ? CITY_STATUSES : PUBLIC_CITY_STATUSES;
}

/** Whether a city of this status may be shown to the audience (an unknown status is staff-only). */
export function isCityVisible(status: string, audience: Audience): boolean {
  return (visibleCityStatuses(audience) as readonly string[]).includes(status);
}

/** Whether the city belongs in a picker (for staff too: a picker chooses where to live, not what to edit). */
export function isCityPickable(status: string): boolean {
  return (PICKER_CITY_STATUSES as readonly string[]).includes(status);
}

/** Whether a city is shown with its status badge: one only staff can see (New, Test). */
export function isCityStaffOnly(status: string): boolean {
  return !isCityVisible(status, 'public');
}

/** Whether the city is archived: readable, with a note that it is no longer followed. */
export function isCityArchived(status: string): boolean {
  return status === 'Archive';
}
