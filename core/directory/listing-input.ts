import type { ListingChanges } from '../db/repositories/business-listings.js';
import { normalizeWebsite } from '../domain/directory.js';
import { LISTING_TIERS } from '../domain/enums.js';
import { AppError } from '../errors.js';

/** The listing fields an admin edits (spec §7 update business_listings). */
export interface ListingInput {
  name?: string | undefined;
  description?: string | null | undefined;
  street_address?: string | null | undefined;
  postal_code?: string | null | undefined;
  telephone?: string | null | undefined;
  email?: string | null | undefined;
  website?: string | null | undefined;
  listing_tier?: string | undefined;
  image_url?: string | null | undefined;
}

const bad = (message: string) => new AppError('BAD_INPUT', message);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function orNull(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * Only the fields given; blank optional fields are cleared. The name must stay non-blank, the
 * tier is one of Tier 1-3, a website gets https:// when it has no scheme (spec §5) and an
 * image is an http(s) address or one of our stored files.
 */
export function readListingChanges(input: ListingInput): ListingChanges {
  const changes: ListingChanges = {};
  if (input.name !== undefined) {
    if (!input.name.trim()) throw bad('Business name is required');
    changes.name = input.name.trim();
  }
  for (const field of ['description', 'street_address', 'postal_code', 'telephone'] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = orNull(value);
  }
  if (input.email !== undefined) {
    const email = orNull(input.email);
    if (email !== null && !EMAIL.test(email)) throw bad(`Invalid email address "${email}"`);
    changes.email = email;
  }
  if (input.website !== undefined) {
    const website = orNull(input.website);
    const normalized = normalizeWebsite(website);
    if (website !== null && normalized === null) throw bad(`Invalid website "${website}": expected an http(s) address`);
    changes.website = normalized;
  }
  if (input.listing_tier !== undefined) {
    const tier = LISTING_TIERS.find((value) => value.toLowerCase() === input.listing_tier?.trim().toLowerCase());
    if (!tier) throw bad(`Unknown listing tier "${input.listing_tier}": one of ${LISTING_TIERS.join(', ')}`);
    changes.listing_tier = tier;
  }
  if (input.image_url !== undefined) changes.image_url = readImageUrl(input.image_url);
  if (Object.keys(changes).length === 0) throw bad('Nothing to update');
  return changes;
}

function readImageUrl(input: string | null): string | null {
  const text = orNull(input);
  if (text === null) return null;
  // Our own stored files are served from a path on this site.
  if (/^\/api\/storage\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(text)) return text;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text;
  } catch {
    // fall through
  }
  throw bad(`Invalid image URL "${text}": expected an http(s) address`);
}
