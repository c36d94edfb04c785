/**
 * The numbers meetings give their business ("Item 7A", "Resolution 31669", "CB 119825", "Docket
 * 0653"), read from what was said, digits spelled out in captions included.
 */
import { spokenDigits } from './text.js';

/** "Item 7A", "Resolution 31669", "Council Bill 119825", "Docket 0653", "Ordinance 2026-01" as said. */
const NUMBERED =
  /\b((?:agenda\s+)?item|resolution|ordinance|council\s+bill|bill|cb|docket)\s+(?:no\.?\s*|number\s+|#\s*)?(\d[\d-]*[A-Z]?(?:\.\d+)?)\b/i;

export function itemNumber(said: string): string | null {
  const text = spokenDigits(said);
  const match = NUMBERED.exec(text);
  if (!match) return null;
  const kind = (match[1] ?? '').toLowerCase().replace(/^agenda\s+/, '').replace(/\s+/g, ' ');
  const name = kind === 'cb' ? 'CB' : kind.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  return `${name} ${match[2]}`;
}

/** The digits of every numbered matter the text names: "docket number three five four … item 5" -> ["354", "5"]. */
export function numbersNamed(said: string): string[] {
  const global = new RegExp(NUMBERED.source, 'gi');
  return [...spokenDigits(said).matchAll(global)].map((match) => (match[2] ?? '').replace(/^0+(?=\d)/, '').toUpperCase());
}
