import { compareListings, matchesLetter, type DirectoryLetter } from '@domain/directory.js';
import type { SampleBusiness } from './sample-businesses.js';

export interface ProtoFilters {
  q: string;
  /** A category, or '' for all. */
  category: string;
  letter: DirectoryLetter;
}

export const NO_PROTO_FILTERS: ProtoFilters = { q: '', category: '', letter: 'All' };

/** Spec §2 screen 18: case-insensitive over name, description and services. */
export function matchesProtoSearch(business: SampleBusiness, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [business.name, business.description, ...business.services].some((field) => field.toLowerCase().includes(needle));
}

/** The sample businesses the filters let through, higher tiers first, then name (spec §9). */
export function filterSampleBusinesses(businesses: readonly SampleBusiness[], filters: ProtoFilters): SampleBusiness[] {
  return businesses
    .filter(
      (business) =>
        (!filters.category || business.category === filters.category) &&
        matchesLetter(business.name, filters.letter) &&
        matchesProtoSearch(business, filters.q),
    )
    .sort(compareListings);
}

/**
 * 'Showing X of Y businesses' with a suffix per active filter (spec §2 screen 18):
 * 'Showing 2 of 20 businesses matching "cake" in Food & Dining starting with "H"'.
 */
export function showingText(shown: number, total: number, filters: ProtoFilters): string {
  let text = `Showing ${shown} of ${total} businesses`;
  if (filters.q.trim()) text += ` matching "${filters.q.trim()}"`;
  if (filters.category) text += ` in ${filters.category}`;
  if (filters.letter !== 'All') text += ` starting with "${filters.letter}"`;
  return text;
}
