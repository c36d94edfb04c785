import type { BusinessListing, NewBusinessListing } from '../schema.js';
import type { Executor } from './executor.js';

export function findListingById(db: Executor, id: string): Promise<BusinessListing | undefined> {
  return db.selectFrom('business_listings').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findListingByKey(db: Executor, businessKey: string): Promise<BusinessListing | undefined> {
  return db.selectFrom('business_listings').selectAll().where('business_key', '=', businessKey).executeTakeFirst();
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

export async function countListings(db: Executor): Promise<number> {
  const row = await db.selectFrom('business_listings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
