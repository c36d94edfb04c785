import { sql } from 'kysely';
import type { BusinessListing, NewBusinessListing } from '../schema.js';
import type { Executor } from './executor.js';

export function findListingById(db: Executor, id: string): Promise<BusinessListing | undefined> {
  return db.selectFrom('business_listings').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertListing(db: Executor, listing: NewBusinessListing): Promise<BusinessListing> {
  return db.insertInto('business_listings').values(listing).returningAll().executeTakeFirstOrThrow();
}

/** Insert or refresh by business_key (seeding re-runs). */
export function upsertListingByKey(db: Executor, listing: NewBusinessListing & { business_key: string }): Promise<BusinessListing> {
  const { business_key: _key, ...changes } = listing;
  return db
    .insertInto('business_listings')
    .values(listing)
    .onConflict((oc) => oc.column('business_key').doUpdateSet({ ...changes, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A listing with the city it is in (spec §3: joined city id, name, state, location_key). */
export interface ListingWithCity extends BusinessListing {
  city_name: string | null;
  city_state: string | null;
  city_location_key: string | null;
  city_status: string | null;
}

function selectListingsWithCity(db: Executor) {
  return db
    .selectFrom('business_listings')
    .leftJoin('cities', 'cities.id', 'business_listings.city_id')
    .selectAll('business_listings')
    .select(['cities.name as city_name', 'cities.state as city_state', 'cities.location_key as city_location_key', 'cities.status as city_status']);
}

/**
 * Who may see a listing: one with no city, or one whose city has one of these statuses
 * (city-visibility.ts; a listing is as private as the city it is in). Absent: every listing.
 */
export interface ListingVisibility {
  cityStatuses?: readonly string[];
}

/** The directory (spec §7): every listing, or those of one city by its location key, by name. */
export function listListingsWithCity(db: Executor, filter: { cityKey?: string } & ListingVisibility = {}): Promise<ListingWithCity[]> {
  let query = selectListingsWithCity(db).orderBy('business_listings.name').orderBy('business_listings.id');
  if (filter.cityKey !== undefined) query = query.where('cities.location_key', '=', filter.cityKey);
  const statuses = filter.cityStatuses;
  if (statuses) query = query.where((eb) => eb.or([eb('business_listings.city_id', 'is', null), eb('cities.status', 'in', [...statuses])]));
  return query.execute();
}

export function findListingWithCity(db: Executor, by: { id: string } | { businessKey: string }): Promise<ListingWithCity | undefined> {
  const query = selectListingsWithCity(db);
  return ('id' in by ? query.where('business_listings.id', '=', by.id) : query.where('business_listings.business_key', '=', by.businessKey)).executeTakeFirst();
}

/** Admin list filters (spec §7): name prefix letter, city, name contains text. */
export interface AdminListingFilter {
  /**
   * The letter filter as the characters a name may start with, after any of `blanks`
   * (core/directory/letter-characters.ts derives both from the public directory's rule).
   */
  firstCharacter?: { blanks: string; characters: readonly string[] };
  cityId?: string;
  nameContains?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type ListingQuery = ReturnType<typeof selectListingsWithCity>;

function filterListings(query: ListingQuery, filter: AdminListingFilter): ListingQuery {
  let result = query;
  const first = filter.firstCharacter;
  if (first) {
    result =
      first.characters.length === 0
        ? result.where(sql<boolean>`false`)
        : result.where(sql<boolean>`left(ltrim(business_listings.name, ${first.blanks}), 1) in (${sql.join(first.characters.map((char) => sql`${char}`))})`);
  }
  if (filter.cityId) result = result.where('business_listings.city_id', '=', filter.cityId);
  if (filter.nameContains) result = result.where('business_listings.name', 'ilike', `%${escapeLike(filter.nameContains)}%`);
  return result;
}

/** One page of the admin list, ordered by name. */
export function listListingsPage(db: Executor, filter: AdminListingFilter, page: { offset: number; limit: number }): Promise<ListingWithCity[]> {
  // Case-insensitive, the same on every engine (PGlite collates bytewise, a server may not).
  return filterListings(selectListingsWithCity(db), filter)
    .orderBy(sql`lower(business_listings.name)`)
    .orderBy('business_listings.name')
    .orderBy('business_listings.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The exact number of listings the admin filters match. */
export async function countListingsMatching(db: Executor, filter: AdminListingFilter): Promise<number> {
  const row = await filterListings(selectListingsWithCity(db), filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type ListingChanges = Partial<
  Pick<NewBusinessListing, 'name' | 'description' | 'street_address' | 'postal_code' | 'telephone' | 'email' | 'website' | 'listing_tier' | 'image_url'>
>;

export function updateListing(db: Executor, id: string, changes: ListingChanges): Promise<BusinessListing | undefined> {
  return db
    .updateTable('business_listings')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Removes one listing; false when there was none. Its uploads keep their files (business_id set null). */
export async function deleteListing(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('business_listings').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
