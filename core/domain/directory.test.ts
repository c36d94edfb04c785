import { describe, it, expect } from 'vitest';
import {
  LETTERS,
  categoryTileLabel,
  compareListings,
  imageFileName,
  matchesLetter,
  matchesSearch,
  normalizeWebsite,
  type DirectoryListing,
} from './directory.js';
import { listingAddress, mapEmbedUrl, mapLinkUrl } from './map-links.js';
import { paginationItems } from './pagination.js';

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

/** Every page of 1, 5, 6, 7 and 30 pages, written out: the spec §9 window as a reader sees it. */
describe('paginationItems for every page', () => {
  const E = 'ellipsis' as const;
  const expected: Record<number, (number | typeof E)[][]> = {
    1: [[1]],
    5: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]],
    6: [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6], [2, 3, 4, 5, 6], [2, 3, 4, 5, 6]],
    7: [
      [1, 2, 3, 4, 5, E, 7], [1, 2, 3, 4, 5, E, 7], [1, 2, 3, 4, 5, E, 7],
      [2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 7], [3, 4, 5, 6, 7], [3, 4, 5, 6, 7],
    ],
    30: Array.from({ length: 30 }, (_, i) => {
      const page = i + 1;
      const first = Math.min(Math.max(1, page - 2), 26);
      const window = [first, first + 1, first + 2, first + 3, first + 4];
      if (first + 4 >= 30) return window;
      return first + 4 === 29 ? [...window, 30] : [...window, E, 30];
    }),
  };

  for (const [total, pages] of Object.entries(expected)) {
    it(`${total} page(s)`, () => {
      const count = Number(total);
      expect(pages).toHaveLength(count);
      pages.forEach((items, index) => {
        const page = index + 1;
        expect(paginationItems(page, count), `page ${page} of ${count}`).toEqual({ items, prevDisabled: page === 1, nextDisabled: page === count });
      });
    });
  }

  it('30 pages, spelled out at the edges and in the middle', () => {
    expect(paginationItems(1, 30).items).toEqual([1, 2, 3, 4, 5, 'ellipsis', 30]);
    expect(paginationItems(15, 30).items).toEqual([13, 14, 15, 16, 17, 'ellipsis', 30]);
    expect(paginationItems(26, 30).items).toEqual([24, 25, 26, 27, 28, 'ellipsis', 30]);
    expect(paginationItems(27, 30).items).toEqual([25, 26, 27, 28, 29, 30]);
    expect(paginationItems(30, 30).items).toEqual([26, 27, 28, 29, 30]);
  });

  it('always shows the current page, at most 5 numbered links besides the last, and the last page beyond 5 pages', () => {
    for (const total of [1, 5, 6, 7, 30]) {
      for (let page = 1; page <= total; page += 1) {
        const { items } = paginationItems(page, total);
        const numbers = items.filter((item): item is number => item !== 'ellipsis');
        expect(numbers).toContain(page);
        expect(numbers.at(-1)).toBe(total);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers.filter((n) => n !== total).length).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('listingAddress and the map URLs', () => {
  it('joins street, city and postal code; no street means no address', () => {
    expect(listingAddress({ street_address: '214 Main Street', postal_code: '95960', city: { name: 'Fairview', state: 'CA' } })).toBe('214 Main Street, Fairview, CA 95960');
    expect(listingAddress({ street_address: ' 9 Elm St ', postal_code: null, city: null })).toBe('9 Elm St');
    expect(listingAddress({ street_address: '  ', postal_code: '95960', city: { name: 'Fairview', state: 'CA' } })).toBeNull();
  });

  it('embeds at zoom 15 and escapes the address', () => {
    expect(mapEmbedUrl('1 A & B St, Fairview')).toBe('https://maps.google.com/maps?q=1%20A%20%26%20B%20St%2C%20Fairview&z=15&output=embed');
    expect(mapLinkUrl('1 A & B St')).toBe('https://www.google.com/maps/search/?api=1&query=1%20A%20%26%20B%20St');
  });
});
