/** URL-friendly identifiers: business keys, story slugs and city location keys (spec §3). */

const MAX_SLUG_LENGTH = 80;

// NFKD splits "é" into "e" + a combining accent but leaves these letters whole; without the
// map "Straße" would lose its "ss" and "Ærø" would vanish entirely.
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i',
};

/** Lowercase ASCII words joined by single hyphens, at most 80 characters, never edged by a hyphen. */
export function slugify(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  // Cutting can leave a hyphen at the end ("a-b-" from "a-b-c" at 4), so trim once more.
  return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}

// Keyed by lowercase full name; cities are stored with either the name or the postal code.
const STATE_CODES: Record<string, string> = {
  alabama: 'al', alaska: 'ak', arizona: 'az', arkansas: 'ar', california: 'ca', colorado: 'co',
  connecticut: 'ct', delaware: 'de', 'district of columbia': 'dc', florida: 'fl', georgia: 'ga',
  hawaii: 'hi', idaho: 'id', illinois: 'il', indiana: 'in', iowa: 'ia', kansas: 'ks',
  kentucky: 'ky', louisiana: 'la', maine: 'me', maryland: 'md', massachusetts: 'ma',
  michigan: 'mi', minnesota: 'mn', mississippi: 'ms', missouri: 'mo', montana: 'mt',
  nebraska: 'ne', nevada: 'nv', 'new hampshire': 'nh', 'new jersey': 'nj', 'new mexico': 'nm',
  'new york': 'ny', 'north carolina': 'nc', 'north dakota': 'nd', ohio: 'oh', oklahoma: 'ok',
  oregon: 'or', pennsylvania: 'pa', 'rhode island': 'ri', 'south carolina': 'sc',
  'south dakota': 'sd', tennessee: 'tn', texas: 'tx', utah: 'ut', vermont: 'vt', virginia: 'va',
  washington: 'wa', 'west virginia': 'wv', wisconsin: 'wi', wyoming: 'wy', 'puerto rico': 'pr',
  guam: 'gu', 'american samoa': 'as', 'u.s. virgin islands': 'vi',
  'northern mariana islands': 'mp',
};

/**
 * "Fairview" + "California" (or "CA") -> "fairview-ca". Full state names become their postal
 * code so both spellings of a city give the same key; an unknown state is slugged as is.
 */
export function locationKey(cityName: string, state: string): string {
  const trimmed = state.trim().toLowerCase();
  const code = STATE_CODES[trimmed] ?? (/^[a-z]{2}$/.test(trimmed) ? trimmed : slugify(state));
  return [slugify(cityName), code].filter(Boolean).join('-');
}
