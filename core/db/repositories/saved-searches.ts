import { sql } from 'kysely';
import type { SavedSearchFrequency, SavedSearchesTable } from '../schema.js';
import type { Selectable } from 'kysely';
import type { Executor } from './executor.js';

export type SavedSearchRow = Selectable<SavedSearchesTable>;

export interface NewSavedSearch {
  user_id: string;
  query: string;
  query_tree: string;
  city_ids: string[];
  frequency: SavedSearchFrequency;
  unsubscribe_token: string;
  feed_token: string;
}

/** The query as the search box parses it (websearch_to_tsquery), in text form; '' when it has no word. */
export async function parseQueryTree(db: Executor, query: string): Promise<string> {
  const result = await sql<{ tree: string }>`select websearch_to_tsquery('english', ${query})::text as tree`.execute(db);
  return result.rows[0]?.tree ?? '';
}

export async function insertSavedSearch(db: Executor, search: NewSavedSearch, terms: readonly string[]): Promise<SavedSearchRow> {
  const row = await db.insertInto('saved_searches').values(search).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('saved_search_terms')
    .values(terms.map((lexeme) => ({ lexeme, saved_search_id: row.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return row;
}

export function listSavedSearchesOfUser(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return db.selectFrom('saved_searches').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countSavedSearchesOfUser(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('saved_searches').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findSavedSearchOfUser(db: Executor, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  return db.selectFrom('saved_searches').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function findSavedSearchByToken(db: Executor, column: 'unsubscribe_token' | 'feed_token', token: string): Promise<SavedSearchRow | undefined> {
  return db.selectFrom('saved_searches').selectAll().where(column, '=', token).executeTakeFirst();
}

export function findSavedSearchesByIds(db: Executor, ids: readonly string[]): Promise<SavedSearchRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('saved_searches').selectAll().where('id', 'in', [...ids]).execute();
}

export function updateSavedSearch(
  db: Executor,
  id: string,
  changes: Partial<Pick<SavedSearchRow, 'paused' | 'frequency' | 'feed_token' | 'last_digest_at'>>,
): Promise<SavedSearchRow | undefined> {
  return db.updateTable('saved_searches').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteSavedSearchOfUser(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

/** Digest searches that are due: not paused, and no digest sent within their period. */
export function listDueDigestSearches(db: Executor, now: Date): Promise<SavedSearchRow[]> {
  const day = new Date(now.getTime() - 86_400_000);
  const week = new Date(now.getTime() - 7 * 86_400_000);
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('paused', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([eb('frequency', '=', 'daily'), eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', day)])]),
        eb.and([eb('frequency', '=', 'weekly'), eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', week)])]),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('alert_deliveries as d').select('d.saved_search_id').whereRef('d.saved_search_id', '=', 'saved_searches.id').where('d.status', '=', 'pending')),
    )
    .orderBy('id')
    .execute();
}
