import { BUSINESS_NAME_REQUIRED } from '../domain/listing-form.js';
import type { ListingChanges } from '../db/repositories/business-listings.js';
import { normalizeWebsite } from '../domain/directory.js';
import { LISTING_TIERS } from '../domain/enums.js';
import { AppError } from '../errors.js';
import { isUuid } from '../domain/ids.js';
import { slugify } from '../domain/slug.js';

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

/** `field`: the form's (and api.md's) name of the field at fault, for the admin form to show the message under it. */
const bad = (message: string, field?: string) => new AppError('BAD_INPUT', message, field ? { details: { field } } : {});
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
    if (!input.name.trim()) throw bad(BUSINESS_NAME_REQUIRED, 'name');
    changes.name = input.name.trim();
  }
  for (const field of ['description', 'street_address', 'postal_code', 'telephone'] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = orNull(value);
  }
  if (input.email !== undefined) {
    const email = orNull(input.email);
    if (email !== null && !EMAIL.test(email)) throw bad(`Invalid email address "${email}"`, 'email');
    changes.email = email;
  }
  if (input.website !== undefined) {
    const website = orNull(input.website);
    const normalized = normalizeWebsite(website);
    if (website !== null && normalized === null) throw bad(`Invalid website "${website}": expected an http(s) address`, 'website');
    changes.website = normalized;
  }
  if (input.listing_tier !== undefined) {
    const tier = LISTING_TIERS.find((value) => value.toLowerCase() === input.listing_tier?.trim().toLowerCase());
    if (!tier) throw bad(`Unknown listing tier "${input.listing_tier}": one of ${LISTING_TIERS.join(', ')}`, 'listing_tier');
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
  throw bad(`Invalid image URL "${text}": expected an http(s) address`, 'image_url');
}

/** A new listing (beyond the spec: staff add listings): the edit fields plus where it is listed. */
export interface NewListingInput extends ListingInput {
  name: string;
  city_id?: string | null | undefined;
  business_category?: string | null | undefined;
  /** The detail page's URL segment; made from the name when left out. */
  business_key?: string | null | undefined;
}

export interface NewListingFields extends ListingChanges {
  name: string;
  city_id: string | null;
  business_category: string | null;
  /** null: derive one from the name. */
  business_key: string | null;
}

function readOptionalId(value: string | null | undefined, what: string): string | null {
  const text = orNull(value ?? null);
  if (text !== null && !isUuid(text)) throw bad(`Invalid ${what} id "${text}"`);
  return text;
}

/** The edit rules of readListingChanges, the name required, and a key already in URL form. */
export function readNewListing(input: NewListingInput): NewListingFields {
  if (typeof input.name !== 'string' || !input.name.trim()) throw bad(BUSINESS_NAME_REQUIRED, 'name');
  const changes = readListingChanges(input);
  const key = orNull(input.business_key ?? null);
  if (key !== null && slugify(key) !== key) {
    throw bad(`Invalid business key "${key}": lowercase letters, digits and single hyphens, such as "${slugify(key) || 'corner-market'}"`);
  }
  return {
    ...changes,
    name: input.name.trim(),
    city_id: readOptionalId(input.city_id, 'city'),
    business_category: readOptionalId(input.business_category, 'category'),
    business_key: key,
  };
}
