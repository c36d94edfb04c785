/** Business directory rules shared by the API and the web app (spec §2 screens 7 and 16, §5, §9). */
import { LISTING_TIERS } from './enums.js';

export { normalizeWebsite } from './website.js';

/** The fields the directory rules read; any listing row or card shape satisfies it. */
export interface DirectoryListing {
  name: string;
  description?: string | null;
  listing_tier?: string | null;
}

/** The letter filter of spec §9, in button order. */
export const LETTERS = [
  'All', '0-9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P',
  'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
] as const;
export type DirectoryLetter = (typeof LETTERS)[number];

// Fixed locale so the server and every browser order names the same way; numeric so that
// "Shop 2" comes before "Shop 10".
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// A missing tier is the spec's default (Tier 3); a value outside the vocabulary sorts last.
function rankTier(tier: string | null | undefined): number {
  if (tier == null) return LISTING_TIERS.indexOf('Tier 3');
  const index = (LISTING_TIERS as readonly string[]).indexOf(tier);
  return index === -1 ? LISTING_TIERS.length : index;
}

/** Sort order of spec §9: Tier 1, Tier 2, Tier 3, then name (case-insensitive). */
export function compareListings(a: DirectoryListing, b: DirectoryListing): number {
  const byTier = rankTier(a.listing_tier) - rankTier(b.listing_tier);
  if (byTier !== 0) return byTier;
  const byName = nameCollator.compare(a.name.trim(), b.name.trim());
  if (byName !== 0) return byName;
  // Names equal but for case or accents: still give one fixed order whatever the input order.
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** A letter button other than 'All': where a name is filed. */
export type FiledLetter = Exclude<DirectoryLetter, 'All'>;

/**
 * The letter a name is filed under (spec §9's letter filter): its first character after any
 * leading blanks, accents and compatibility forms folded ("Élan Salon" and "ﬁne Foods" under E
 * and F), '0-9' for a digit, null for anything else (a name starting with "&" is under no
 * letter). The one rule: the public directory filters with it in the browser, and the admin
 * list's SQL is built from it (core/directory/letter-characters.ts).
 */
export function letterOf(name: string): FiledLetter | null {
  const first = name.trimStart().normalize('NFKD').charAt(0);
  if (/^[0-9]$/.test(first)) return '0-9';
  const upper = first.toUpperCase();
  return /^[A-Z]$/.test(upper) ? (upper as FiledLetter) : null;
}

/** Letter filter: 'All' matches everything, any other button the names filed under it. */
export function matchesLetter(name: string, letter: DirectoryLetter): boolean {
  return letter === 'All' || letterOf(name) === letter;
}

/** Text search of spec §5: name or description contains the text, ignoring case. */
export function matchesSearch(listing: DirectoryListing, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return (
    listing.name.toLowerCase().includes(needle) ||
    (listing.description ?? '').toLowerCase().includes(needle)
  );
}

/**
 * Stored image name of spec §5: "Joe's Café & Bar" + "Logo.PNG" -> "joe-s-caf-bar-<ms>.png".
 * Runs of non-alphanumerics (including accented letters, as the spec says) become one hyphen
 * and edge hyphens are trimmed; a name with nothing left becomes "business". The extension is
 * lowercased and kept only if it is alphanumeric.
 */
export function imageFileName(businessName: string, originalName: string, now: Date): string {
  const base =
    businessName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'business';
  const fileName = originalName.split(/[\\/]/).pop() ?? '';
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const suffix = /^[a-z0-9]+$/.test(extension) ? `.${extension}` : '';
  return `${base}-${now.getTime()}${suffix}`;
}

const TILE_NAME_LIMIT = 3;

/**
 * Category tile text. Spec §2 screen 7 and §9 both say "at most 3 subcategory names followed
 * by an ellipsis" without a condition, so the ellipsis is always there when any name is.
 */
export function categoryTileLabel(subcategories: readonly string[]): string {
  if (subcategories.length === 0) return '';
  return `${subcategories.slice(0, TILE_NAME_LIMIT).join(', ')}...`;
}
