import { compareListings, LETTERS, matchesLetter, matchesSearch, type DirectoryLetter } from '@domain/directory.js';
import type { Category, Listing } from '@domain/listing.js';

export { categoryPaths } from './category-paths.js';

/** The public directory's filters (spec §2 screen 7). 'all' stands for no choice. */
export interface DirectoryFilters {
  parent: string;
  sub: string;
  q: string;
  letter: DirectoryLetter;
}

export const ALL = 'all';

// The query parameters the filters live in, so a filtered directory can be shared and Back works.
const PARAM = { parent: 'category', sub: 'sub', q: 'q', letter: 'letter' } as const;

function isLetter(value: string): value is DirectoryLetter {
  return (LETTERS as readonly string[]).includes(value);
}

/** Filters from the URL; anything unreadable falls back to "all" rather than an empty page. */
export function readFilters(params: URLSearchParams): DirectoryFilters {
  const parent = params.get(PARAM.parent)?.trim() || ALL;
  const letter = params.get(PARAM.letter)?.trim().toUpperCase() ?? '';
  return {
    parent,
    // A subcategory means nothing without its parent (spec §4).
    sub: parent === ALL ? ALL : params.get(PARAM.sub)?.trim() || ALL,
    q: params.get(PARAM.q) ?? '',
    letter: isLetter(letter) ? letter : 'All',
  };
}

/** The URL's query for these filters: defaults are left out, so the plain directory has none. */
export function writeFilters(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.parent !== ALL) params.set(PARAM.parent, filters.parent);
  if (filters.parent !== ALL && filters.sub !== ALL) params.set(PARAM.sub, filters.sub);
  if (filters.q) params.set(PARAM.q, filters.q);
  if (filters.letter !== 'All') params.set(PARAM.letter, filters.letter);
  return params;
}

/** Spec §4: choosing a parent resets the subcategory to all. */
export function withParent(filters: DirectoryFilters, parent: string): DirectoryFilters {
  return { ...filters, parent, sub: ALL };
}

/** A parent category with its subcategories in name order, as the tiles and selectors show them. */
export interface CategoryGroup {
  parent: string;
  subs: string[];
}

export function groupCategories(categories: readonly Category[]): CategoryGroup[] {
  const byParent = new Map<string, Set<string>>();
  for (const category of categories) {
    const subs = byParent.get(category.parent_category) ?? new Set<string>();
    subs.add(category.sub_category);
    byParent.set(category.parent_category, subs);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return [...byParent.keys()].sort(byName).map((parent) => ({ parent, subs: [...(byParent.get(parent) ?? [])].sort(byName) }));
}

/**
 * The listings the filters let through, in the spec §9 order (Tier 1, 2, 3, then name). A
 * listing's category is its id; `categories` says which parent and subcategory that is.
 */
export function filterListings(listings: readonly Listing[], categories: readonly Category[], filters: DirectoryFilters): Listing[] {
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const needle = filters.q.trim();
  return listings
    .filter((listing) => {
      if (filters.parent !== ALL) {
        const category = listing.business_category ? categoryById.get(listing.business_category) : undefined;
        if (category?.parent_category !== filters.parent) return false;
        if (filters.sub !== ALL && category.sub_category !== filters.sub) return false;
      }
      return matchesLetter(listing.name, filters.letter) && matchesSearch(listing, needle);
    })
    .sort(compareListings);
}

