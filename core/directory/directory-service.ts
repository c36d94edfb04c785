import type { Kysely } from 'kysely';
import { findCategoryById, listCategories } from '../db/repositories/business-categories.js';
import { findCityById } from '../db/repositories/cities.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import {
  countListingsMatching,
  deleteListing as deleteListingRow,
  insertListing,
  findListingWithCity,
  listListingsPage,
  listListingsWithCity,
  updateListing as updateListingRow,
  type AdminListingFilter,
  type ListingWithCity,
} from '../db/repositories/business-listings.js';
import type { BusinessCategory, DB } from '../db/schema.js';
import { compareListings, LETTERS, type FiledLetter } from '../domain/directory.js';
import { firstCharactersOf } from './letter-characters.js';
import { AppError } from '../errors.js';
import { readListingChanges, readNewListing, type ListingInput, type NewListingInput } from './listing-input.js';
import { slugify } from '../domain/slug.js';
import { isUuid } from '../domain/ids.js';
import { isCityVisible, visibleCityStatuses, type Audience } from '../domain/city-visibility.js';

/** Spec §9: business admin page size. */
export const ADMIN_PAGE_SIZE = 12;
// Derived keys: "name", "name-2" ... "name-50"; past that the admin names the key.
const MAX_KEY_ATTEMPTS = 50;
export interface AdminListingQuery {
  letter?: string | undefined;
  cityId?: string | undefined;
  q?: string | undefined;
  /** 1-based. */
  page?: number | undefined;
}

export interface ListingPage {
  rows: ListingWithCity[];
  /** Every listing the filters match, not only this page's. */
  total: number;
  page: number;
  pageSize: number;
}

/** The business directory (spec §2 screens 7, 8, 16; §7 reads and writes). */
export function createDirectoryService(db: Kysely<DB>) {
  function listCategoriesAll(): Promise<BusinessCategory[]> {
    return listCategories(db);
  }

  /**
   * Listings with their city, sorted Tier 1, 2, 3, then name (spec §9). A listing in a city
   * being set up (New, Test) is as private as its city: staff only (city-visibility.ts).
   */
  async function listListings(filter: { cityKey?: string | undefined }, audience: Audience): Promise<ListingWithCity[]> {
    const rows = await listListingsWithCity(db, {
      ...(filter.cityKey === undefined ? {} : { cityKey: filter.cityKey.trim() }),
      ...(audience === 'staff' ? {} : { cityStatuses: visibleCityStatuses(audience) }),
    });
    return rows.sort(compareListings);
  }

  /** By business key, falling back to the listing id (spec §2); not found when its city is hidden from the audience. */
  async function getListing(businessKeyOrId: string, audience: Audience): Promise<ListingWithCity> {
    const key = businessKeyOrId.trim();
    const listing =
      (await findListingWithCity(db, { businessKey: key })) ?? (isUuid(key) ? await findListingWithCity(db, { id: key }) : undefined);
    if (!listing || (listing.city_status !== null && !isCityVisible(listing.city_status, audience))) {
      throw new AppError('NOT_FOUND', `Business "${key}" not found`);
    }
    return listing;
  }

  async function listForAdmin(query: AdminListingQuery): Promise<ListingPage> {
    const filter = readAdminFilter(query);
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const [rows, total] = await Promise.all([
      listListingsPage(db, filter, { offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE }),
      countListingsMatching(db, filter),
    ]);
    return { rows, total, page, pageSize: ADMIN_PAGE_SIZE };
  }

  async function updateListing(id: string, input: ListingInput): Promise<ListingWithCity> {
    const changes = readListingChanges(input);
    if (!isUuid(id) || !(await updateListingRow(db, id, changes))) throw new AppError('NOT_FOUND', `Business "${id}" not found`);
    return getListing(id, 'staff');
  }

  /**
   * Adds a listing. City and category must exist. A key given by the admin must be free (409);
   * a key made from the name gets "-2", "-3"... when two businesses share a name.
   */
  async function createListing(input: NewListingInput): Promise<ListingWithCity> {
    const fields = readNewListing(input);
    if (fields.city_id && !(await findCityById(db, fields.city_id))) throw new AppError('BAD_INPUT', `No city with id "${fields.city_id}"`);
    if (fields.business_category && !(await findCategoryById(db, fields.business_category))) {
      throw new AppError('BAD_INPUT', `No business category with id "${fields.business_category}"`);
    }
    const chosenKey = fields.business_key;
    const baseKey = chosenKey ?? (slugify(fields.name) || 'business');
    for (let attempt = 1; attempt <= MAX_KEY_ATTEMPTS; attempt += 1) {
      const businessKey = attempt === 1 ? baseKey : `${baseKey}-${attempt}`;
      try {
        const row = await insertListing(db, { ...fields, business_key: businessKey });
        return getListing(row.id, 'staff');
      } catch (error) {
        if (!isUniqueViolation(error, 'business_listings_business_key_key')) throw error;
        if (chosenKey !== null) throw new AppError('CONFLICT', `The business key "${chosenKey}" is already used by another listing`);
      }
    }
    throw new AppError('CONFLICT', `Too many listings named like "${fields.name}": choose a business key`);
  }

  async function deleteListing(id: string): Promise<void> {
    if (!isUuid(id) || !(await deleteListingRow(db, id))) throw new AppError('NOT_FOUND', `Business "${id}" not found`);
  }

  return { listCategories: listCategoriesAll, listListings, getListing, listForAdmin, updateListing, createListing, deleteListing };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;

function readAdminFilter(query: AdminListingQuery): AdminListingFilter {
  const filter: AdminListingFilter = {};
  const letter = query.letter?.trim().toUpperCase();
  if (letter && letter !== 'ALL') {
    const filed = LETTERS.find((one): one is FiledLetter => one === letter && one !== 'All');
    if (!filed) throw new AppError('BAD_INPUT', `Unknown letter "${query.letter}": one of 0-9, A to Z`);
    filter.firstCharacter = firstCharactersOf(filed);
  }
  if (query.cityId) {
    if (!isUuid(query.cityId)) throw new AppError('BAD_INPUT', `Invalid city id "${query.cityId}"`);
    filter.cityId = query.cityId;
  }
  const text = query.q?.trim();
  if (text) filter.nameContains = text;
  return filter;
}
