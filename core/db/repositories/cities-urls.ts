import type { Executor } from './executor.js';

export async function linkUrlToCity(db: Executor, cityId: string, urlId: string): Promise<void> {
  await db
    .insertInto('cities_urls')
    .values({ city_id: cityId, url_id: urlId })
    .onConflict((oc) => oc.columns(['city_id', 'url_id']).doNothing())
    .execute();
}

/** Spec §7: link rows are deleted by url_id before the URL itself. */
export async function unlinkUrl(db: Executor, urlId: string): Promise<number> {
  const result = await db.deleteFrom('cities_urls').where('url_id', '=', urlId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
