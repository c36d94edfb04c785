import { describe, it, expect } from 'vitest';
import {
  LETTERS,
  categoryTileLabel,
  compareListings,
  imageFileName,
  matchesLetter,
  matchesSearch,
  normalizeWebsite,
  paginationItems,
  type DirectoryListing,
} from './directory.js';

const listing = (name: string, listing_tier?: string | null, description?: string | null) => ({
  name,
  listing_tier,
  description,
});

describe('compareListings', () => {
  it('orders by tier first, then by name ignoring case', () => {
    const rows: DirectoryListing[] = [
      listing('zeta', 'Tier 3'),
      listing('Alpha', 'Tier 3'),
      listing('beta', 'Tier 1'),
      listing('Omega', 'Tier 2'),
      listing('alpha two', 'Tier 1'),
    ];
    expect(rows.sort(compareListings).map((r) => r.name)).toEqual([
      'alpha two',
      'beta',
      'Omega',
      'Alpha',
      'zeta',
    ]);
  });

  it('puts unknown tiers last and treats a missing tier as the default Tier 3', () => {
    const rows = [listing('A', 'Gold'), listing('B', null), listing('C', 'Tier 3'), listing('D')];
    expect(rows.sort(compareListings).map((r) => r.name)).toEqual(['B', 'C', 'D', 'A']);
  });

  it('sorts numbers inside names numerically', () => {
    const rows = [listing('Shop 10'), listing('Shop 2')];
    expect(rows.sort(compareListings).map((r) => r.name)).toEqual(['Shop 2', 'Shop 10']);
  });

  it('gives the same order whatever the input order for names equal but for case', () => {
    const one = [listing('cafe'), listing('Cafe')].sort(compareListings).map((r) => r.name);
    const two = [listing('Cafe'), listing('cafe')].sort(compareListings).map((r) => r.name);
    expect(one).toEqual(two);
  });
});

describe('matchesLetter', () => {
  it('matches everything for All', () => {
    expect(matchesLetter('anything', 'All')).toBe(true);
    expect(matchesLetter('', 'All')).toBe(true);
  });

  it('matches names starting with a digit for 0-9', () => {
    expect(matchesLetter('7-Eleven', '0-9')).toBe(true);
    expect(matchesLetter('  24 Hour Fitness', '0-9')).toBe(true);
    expect(matchesLetter('Seven', '0-9')).toBe(false);
  });

  it('matches letters in either case, ignoring leading spaces and accents', () => {
    expect(matchesLetter('bakery', 'B')).toBe(true);
    expect(matchesLetter('  Bakery', 'B')).toBe(true);
    expect(matchesLetter('Élan Salon', 'E')).toBe(true);
    expect(matchesLetter('Bakery', 'C')).toBe(false);
    expect(matchesLetter('', 'A')).toBe(false);
  });

  it('lists All, 0-9 and A to Z in order', () => {
    expect(LETTERS).toHaveLength(28);
    expect(LETTERS.slice(0, 3)).toEqual(['All', '0-9', 'A']);
    expect(LETTERS.at(-1)).toBe('Z');
  });
});

describe('matchesSearch', () => {
  const shop = listing('Fairview Hardware', 'Tier 2', 'Tools, PAINT and garden supplies');

  it('matches the name or the description ignoring case', () => {
    expect(matchesSearch(shop, 'hardware')).toBe(true);
    expect(matchesSearch(shop, 'paint')).toBe(true);
    expect(matchesSearch(shop, 'bakery')).toBe(false);
  });

  it('matches everything for empty or blank text', () => {
    expect(matchesSearch(shop, '')).toBe(true);
    expect(matchesSearch(shop, '   ')).toBe(true);
  });

  it('copes with a missing description', () => {
    expect(matchesSearch(listing('Bakery', null, null), 'bread')).toBe(false);
  });
});

describe('normalizeWebsite', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(normalizeWebsite('joes.example')).toBe('https://joes.example');
    expect(normalizeWebsite(' www.joes.example/menu ')).toBe('https://www.joes.example/menu');
    expect(normalizeWebsite('//joes.example')).toBe('https://joes.example');
    expect(normalizeWebsite('joes.example:8080/x')).toBe('https://joes.example:8080/x');
  });

  it('keeps http and https as given', () => {
    expect(normalizeWebsite('http://joes.example')).toBe('http://joes.example');
    expect(normalizeWebsite('HTTPS://joes.example')).toBe('HTTPS://joes.example');
  });

  it('gives null for blank values and for schemes that are not web links', () => {
    expect(normalizeWebsite(null)).toBeNull();
    expect(normalizeWebsite(undefined)).toBeNull();
    expect(normalizeWebsite('   ')).toBeNull();
    expect(normalizeWebsite('javascript:alert(1)')).toBeNull();
    expect(normalizeWebsite('mailto:joe@joes.example')).toBeNull();
  });
});

describe('imageFileName', () => {
  const now = new Date(1_700_000_000_000);

  it('builds name-timestamp.extension as in the spec', () => {
    expect(imageFileName("Joe's Café & Bar", 'Logo.PNG', now)).toBe(
      'joe-s-caf-bar-1700000000000.png',
    );
  });

  it('trims edge hyphens and falls back when the name has nothing usable', () => {
    expect(imageFileName('  (Best) Tacos!  ', 'a.jpeg', now)).toBe('best-tacos-1700000000000.jpeg');
    expect(imageFileName('日本', 'photo.webp', now)).toBe('business-1700000000000.webp');
  });

  it('uses only the last extension and drops missing or odd ones', () => {
    expect(imageFileName('Shop', 'archive.tar.GZ', now)).toBe('shop-1700000000000.gz');
    expect(imageFileName('Shop', 'noextension', now)).toBe('shop-1700000000000');
    expect(imageFileName('Shop', '.hidden', now)).toBe('shop-1700000000000');
    expect(imageFileName('Shop', 'C:\\photos\\pic.Jpg', now)).toBe('shop-1700000000000.jpg');
    expect(imageFileName('Shop', 'evil.p/hp', now)).toBe('shop-1700000000000');
  });
});

describe('categoryTileLabel', () => {
  it('shows at most 3 names followed by an ellipsis', () => {
    expect(categoryTileLabel(['Pizza', 'Sushi', 'Tacos', 'Thai'])).toBe('Pizza, Sushi, Tacos...');
    expect(categoryTileLabel(['Pizza', 'Sushi'])).toBe('Pizza, Sushi...');
  });

  it('is empty without subcategories', () => {
    expect(categoryTileLabel([])).toBe('');
  });
});

describe('paginationItems', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(paginationItems(1, 3)).toEqual({ items: [1, 2, 3], prevDisabled: true, nextDisabled: false });
    expect(paginationItems(5, 5).items).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(5, 5).nextDisabled).toBe(true);
  });

  it('adds an ellipsis and the last page while the current page is before the last two', () => {
    expect(paginationItems(1, 10).items).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(paginationItems(6, 10).items).toEqual([4, 5, 6, 7, 8, 'ellipsis', 10]);
  });

  it('shows the last page without an ellipsis when no page is hidden before it', () => {
    expect(paginationItems(1, 6).items).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(7, 10).items).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('ends the window on the last page near the end', () => {
    expect(paginationItems(9, 10).items).toEqual([6, 7, 8, 9, 10]);
    expect(paginationItems(10, 10)).toEqual({
      items: [6, 7, 8, 9, 10],
      prevDisabled: false,
      nextDisabled: true,
    });
  });

  it('clamps out-of-range pages and handles no pages', () => {
    expect(paginationItems(0, 3).prevDisabled).toBe(true);
    expect(paginationItems(99, 3)).toEqual({ items: [1, 2, 3], prevDisabled: false, nextDisabled: true });
    expect(paginationItems(1, 0)).toEqual({ items: [], prevDisabled: true, nextDisabled: true });
    expect(paginationItems(1, 1)).toEqual({ items: [1], prevDisabled: true, nextDisabled: true });
  });
});
