import { describe, expect, it } from 'vitest';
import type { Category, Listing } from '@domain/listing.js';
import { imageRefusal } from './api/upload-business-image.js';
import { ALL, categoryPaths, filterListings, groupCategories, readFilters, withParent, writeFilters, type DirectoryFilters } from './directory-filters.js';

const NO_FILTERS: DirectoryFilters = { parent: ALL, sub: ALL, q: '', letter: 'All' };

const categories: Category[] = [
  { id: 'c-bakery', parent_category: 'Restaurants & Food', sub_category: 'Bakeries' },
  { id: 'c-cafe', parent_category: 'Restaurants & Food', sub_category: 'Cafes' },
  { id: 'c-pizza', parent_category: 'Restaurants & Food', sub_category: 'Pizza' },
  { id: 'c-tacos', parent_category: 'Restaurants & Food', sub_category: 'Mexican' },
  { id: 'c-plumb', parent_category: 'Home Services', sub_category: 'Plumbing' },
];

function listing(name: string, overrides: Partial<Listing> = {}): Listing {
  return {
    id: `id-${name}`, name, description: null, street_address: null, postal_code: null, telephone: null, website: null, email: null,
    image_url: null, city_id: null, business_category: null, listing_tier: 'Tier 3', business_key: null,
    created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', city: null, ...overrides,
  };
}

const listings = [
  listing('Willow Creek Bakery', { business_category: 'c-bakery', description: 'Sourdough and pastries' }),
  listing('3 Sisters Bakery', { business_category: 'c-bakery', listing_tier: 'Tier 1' }),
  listing('Main Street Grind', { business_category: 'c-cafe', listing_tier: 'Tier 2', description: 'Espresso and BREAKFAST burritos' }),
  listing('101 Tacos', { business_category: 'c-tacos', listing_tier: 'Tier 2' }),
  listing('1st Call Plumbing', { business_category: 'c-plumb' }),
  listing('Uncategorised Shop'),
  listing('apple Orchard Pies', { business_category: 'c-bakery' }),
];
const names = (shown: Listing[]) => shown.map((l) => l.name);

describe('directory filters (spec §2 screen 7, §4, §5, §9)', () => {
  it('with no filter lists everything Tier 1, Tier 2, Tier 3, then by name', () => {
    expect(names(filterListings(listings, categories, NO_FILTERS))).toEqual([
      '3 Sisters Bakery', '101 Tacos', 'Main Street Grind', '1st Call Plumbing', 'apple Orchard Pies', 'Uncategorised Shop', 'Willow Creek Bakery',
    ]);
  });

  it('narrows by parent category, then by subcategory', () => {
    const food = withParent(NO_FILTERS, 'Restaurants & Food');
    expect(names(filterListings(listings, categories, food))).toEqual(['3 Sisters Bakery', '101 Tacos', 'Main Street Grind', 'apple Orchard Pies', 'Willow Creek Bakery']);
    expect(names(filterListings(listings, categories, { ...food, sub: 'Bakeries' }))).toEqual(['3 Sisters Bakery', 'apple Orchard Pies', 'Willow Creek Bakery']);
    expect(names(filterListings(listings, categories, { ...food, sub: 'Pizza' }))).toEqual([]);
  });

  it('changing the parent resets the subcategory', () => {
    const bakeries = { ...withParent(NO_FILTERS, 'Restaurants & Food'), sub: 'Bakeries', q: 'x' };
    expect(withParent(bakeries, 'Home Services')).toEqual({ parent: 'Home Services', sub: ALL, q: 'x', letter: 'All' });
  });

  it('filters by letter in either case, and 0-9 by a leading digit', () => {
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, letter: 'A' }))).toEqual(['apple Orchard Pies']);
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, letter: '0-9' }))).toEqual(['3 Sisters Bakery', '101 Tacos', '1st Call Plumbing']);
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, letter: 'Q' }))).toEqual([]);
  });

  it('searches name and description, ignoring case and surrounding spaces', () => {
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, q: '  breakfast ' }))).toEqual(['Main Street Grind']);
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, q: 'BAKERY' }))).toEqual(['3 Sisters Bakery', 'Willow Creek Bakery']);
    expect(names(filterListings(listings, categories, { ...NO_FILTERS, q: 'sourdough', letter: 'W' }))).toEqual(['Willow Creek Bakery']);
  });

  it('round-trips through the URL, leaving defaults out and refusing what it cannot read', () => {
    const filters = { parent: 'Restaurants & Food', sub: 'Bakeries', q: 'rye & co', letter: '0-9' as const };
    const params = writeFilters(filters);
    expect(params.toString()).toBe('category=Restaurants+%26+Food&sub=Bakeries&q=rye+%26+co&letter=0-9');
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(filters);
    expect(writeFilters(NO_FILTERS).toString()).toBe('');
    expect(readFilters(new URLSearchParams('letter=b'))).toEqual({ ...NO_FILTERS, letter: 'B' });
    expect(readFilters(new URLSearchParams('letter=ZZ&sub=Bakeries'))).toEqual(NO_FILTERS);
  });

  it('groups categories by parent for the tiles and selectors, and names each path', () => {
    expect(groupCategories(categories)).toEqual([
      { parent: 'Home Services', subs: ['Plumbing'] },
      { parent: 'Restaurants & Food', subs: ['Bakeries', 'Cafes', 'Mexican', 'Pizza'] },
    ]);
    expect(categoryPaths(categories).get('c-cafe')).toBe('Restaurants & Food › Cafes');
  });
});

describe('imageRefusal (spec §5)', () => {
  it('refuses what is not an image and what is over 10 MB, with the spec toasts', () => {
    expect(imageRefusal({ type: 'text/plain', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select an image file' });
    expect(imageRefusal({ type: '', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select an image file' });
    expect(imageRefusal({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toEqual({ title: 'File too large', description: 'Please select an image smaller than 10MB' });
    expect(imageRefusal({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });
});
