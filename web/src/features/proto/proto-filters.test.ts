import { describe, expect, it } from 'vitest';
import { FEATURED_SERVICES, servicesShown } from './components/mockup-card.js';
import { filterSampleBusinesses, matchesProtoSearch, NO_PROTO_FILTERS, showingText } from './proto-filters.js';
import { MOCKUP_BUSINESSES, SAMPLE_BUSINESSES } from './sample-businesses.js';
import { SEARCH_RESULTS, searchResults } from './showcase-data.js';

const names = (list: { name: string }[]) => list.map((b) => b.name);

describe('prototype directory filters (spec §2 screen 18)', () => {
  it('has the spec §9 sample sizes: 20 in the directory, 12 in the mockup', () => {
    expect(SAMPLE_BUSINESSES).toHaveLength(20);
    expect(MOCKUP_BUSINESSES).toHaveLength(12);
  });

  it('lists higher tiers first, then by name', () => {
    const all = filterSampleBusinesses(SAMPLE_BUSINESSES, NO_PROTO_FILTERS);
    expect(all).toHaveLength(20);
    expect(names(all).slice(0, 4)).toEqual(['Harbor Light Bakery', 'Lantern Law Group', 'Oakridge Veterinary', 'Summit Family Dental']);
    expect(all.map((b) => b.listing_tier)).toEqual([...all.map((b) => b.listing_tier)].sort());
  });

  it('searches name, description and services, ignoring case', () => {
    expect(names(filterSampleBusinesses(SAMPLE_BUSINESSES, { ...NO_PROTO_FILTERS, q: 'INVISALIGN' }))).toEqual(['Summit Family Dental']);
    expect(names(filterSampleBusinesses(SAMPLE_BUSINESSES, { ...NO_PROTO_FILTERS, q: 'wood oven' }))).toEqual(['Ember Pizza Co.']);
    expect(names(filterSampleBusinesses(SAMPLE_BUSINESSES, { ...NO_PROTO_FILTERS, q: 'copper' }))).toEqual(['Copper Kettle Diner']);
    expect(matchesProtoSearch(SAMPLE_BUSINESSES[0]!, '   ')).toBe(true);
  });

  it('narrows by category and by first letter (0-9 for digits)', () => {
    expect(names(filterSampleBusinesses(SAMPLE_BUSINESSES, { ...NO_PROTO_FILTERS, category: 'Pets' }))).toEqual(['Oakridge Veterinary', 'Paws Corner Grooming']);
    expect(names(filterSampleBusinesses(SAMPLE_BUSINESSES, { ...NO_PROTO_FILTERS, letter: '0-9' }))).toEqual(['4 Corners Hardware', '24/7 Locksmith Pros']);
    expect(filterSampleBusinesses(SAMPLE_BUSINESSES, { q: 'cake', category: 'Pets', letter: 'All' })).toEqual([]);
  });

  it("says 'Showing X of Y businesses' with a suffix for each active filter", () => {
    expect(showingText(20, 20, NO_PROTO_FILTERS)).toBe('Showing 20 of 20 businesses');
    expect(showingText(1, 20, { ...NO_PROTO_FILTERS, q: ' cake ' })).toBe('Showing 1 of 20 businesses matching "cake"');
    expect(showingText(3, 20, { ...NO_PROTO_FILTERS, category: 'Retail' })).toBe('Showing 3 of 20 businesses in Retail');
    expect(showingText(2, 20, { ...NO_PROTO_FILTERS, letter: 'H' })).toBe('Showing 2 of 20 businesses starting with "H"');
    expect(showingText(0, 20, { q: 'x', category: 'Pets', letter: '0-9' })).toBe('Showing 0 of 20 businesses matching "x" in Pets starting with "0-9"');
  });
});

describe('mockup and showcase rules', () => {
  it('a Featured card names 3 services, then +N more', () => {
    expect(FEATURED_SERVICES).toBe(3);
    expect(servicesShown(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ names: ['a', 'b', 'c'], more: 2 });
    expect(servicesShown(['a', 'b'], 3)).toEqual({ names: ['a', 'b'], more: 0 });
  });

  it('search results rank by relevance and filter by entity and text', () => {
    expect(searchResults(SEARCH_RESULTS, '', 'all').map((r) => r.relevance_score)).toEqual([0.94, 0.88, 0.82, 0.71, 0.63, 0.57]);
    expect(searchResults(SEARCH_RESULTS, 'PARKING', 'all').map((r) => r.id)).toEqual(['s1', 's4']);
    expect(searchResults(SEARCH_RESULTS, 'parking', 'school').map((r) => r.id)).toEqual(['s4']);
  });
});
