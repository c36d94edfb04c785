/**
 * A member's saved searches (issue 27): save, list, pause, change how often, delete, unsubscribe
 * signed out by the email's token, and the private Atom feed at a token address that the owner
 * can regenerate to revoke.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCityById, findCityByKey } from '../db/repositories/cities.js';
import { findAlertMeetings } from '../db/repositories/alert-scans.js';
import {
  countSavedSearchesOfUser, deleteSavedSearchOfUser, findSavedSearchByToken, findSavedSearchOfUser, insertSavedSearch,
  listSavedSearchesOfUser, parseQueryTree, updateSavedSearch, type SavedSearchRow,
} from '../db/repositories/saved-searches.js';
import type { DB } from '../db/schema.js';
import {
  alertPaths, MAX_SAVED_SEARCHES, SAVED_SEARCH_LIMIT_REACHED, SAVED_SEARCH_NEEDS_A_WORD, SAVED_SEARCH_NOT_FOUND,
  savedSearchInputSchema, savedSearchUpdateSchema, UNSUBSCRIBE_LINK_INVALID,
  type SavedSearchCity, type SavedSearchInput, type SavedSearchUpdate, type SavedSearchView, type UnsubscribeView,
} from '../domain/alerts.js';
import { isCityVisible } from '../domain/city-visibility.js';
import { paths } from '../domain/site-paths.js';
import { AppError } from '../errors.js';
import { atomFeed } from '../feeds/atom-feed.js';
import { FEED_ENTRIES } from '../feeds/feed-service.js';
import { meetingExport } from '../exports/meeting-export.js';
import type { SearchService } from '../search/search-service.js';
import type { AlertSite } from './alert-email.js';
import { requiredTerms } from './required-terms.js';
import { CITY_NOT_FOUND } from '../domain/messages.js';

const newToken = () => randomBytes(32).toString('base64url');

/** `field` names the input at fault, so the site's form shows the message under it (api-errors.ts). */
function badInput(message: string, field?: 'query' | 'cities'): AppError {
  return new AppError('BAD_INPUT', message, field ? { details: { field } } : {});
}

function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } }): T {
  if (!result.success) throw badInput(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

export function createSavedSearchService(db: Kysely<DB>, search: SearchService, site: AlertSite) {
  async function citiesOf(row: SavedSearchRow): Promise<SavedSearchCity[]> {
    const cities = await Promise.all(row.city_ids.map((id) => findCityById(db, id)));
    return cities.flatMap((city) => (city ? [{ location_key: city.location_key, name: city.name, state: city.state }] : []));
  }

  async function present(row: SavedSearchRow): Promise<SavedSearchView> {
    return {
      id: row.id,
      query: row.query,
      cities: await citiesOf(row),
      frequency: row.frequency,
      paused: row.paused,
      created_at: row.created_at.toISOString(),
      feed_url: `${site.publicUrl}${alertPaths.feed(row.feed_token)}`,
    };
  }

  async function ownSearch(userId: string, id: string): Promise<SavedSearchRow> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await findSavedSearchOfUser(db, userId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND);
    return row;
  }

  async function list(userId: string): Promise<SavedSearchView[]> {
    return Promise.all((await listSavedSearchesOfUser(db, userId)).map(present));
  }

  async function save(userId: string, input: SavedSearchInput): Promise<SavedSearchView> {
    const parsed = parseOrThrow(savedSearchInputSchema.safeParse(input));
    const tree = await parseQueryTree(db, parsed.query);
    const terms = requiredTerms(tree);
    if (!terms || terms.length === 0) throw badInput(SAVED_SEARCH_NEEDS_A_WORD, 'query');
    const cityIds: string[] = [];
    for (const key of new Set(parsed.cities)) {
      const city = await findCityByKey(db, key);
      if (!city || !isCityVisible(city.status, 'public')) throw badInput(`${CITY_NOT_FOUND}: ${key}`, 'cities');
      cityIds.push(city.id);
    }
    const row = await db.transaction().execute(async (trx) => {
      // Serialises one member's saves, so two at once cannot pass the limit together.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      if ((await countSavedSearchesOfUser(trx, userId)) >= MAX_SAVED_SEARCHES) throw new AppError('CONFLICT', SAVED_SEARCH_LIMIT_REACHED);
      return insertSavedSearch(
        trx,
        { user_id: userId, query: parsed.query, query_tree: tree, city_ids: cityIds, frequency: parsed.frequency, unsubscribe_token: newToken(), feed_token: newToken() },
        terms,
      );
    });
    return present(row);
  }

  async function update(userId: string, id: string, changes: SavedSearchUpdate): Promise<SavedSearchView> {
    const parsed = parseOrThrow(savedSearchUpdateSchema.safeParse(changes));
    await ownSearch(userId, id);
    const row = await updateSavedSearch(db, id, {
      ...(parsed.paused !== undefined ? { paused: parsed.paused } : {}),
      ...(parsed.frequency !== undefined ? { frequency: parsed.frequency } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND);
    return present(row);
  }

  async function remove(userId: string, id: string): Promise<void> {
    await ownSearch(userId, id);
    await deleteSavedSearchOfUser(db, userId, id);
  }

  /** A new feed address; the old one stops working at once. */
  async function regenerateFeed(userId: string, id: string): Promise<SavedSearchView> {
    await ownSearch(userId, id);
    const row = await updateSavedSearch(db, id, { feed_token: newToken() });
    if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND);
    return present(row);
  }

  async function byUnsubscribeToken(token: string): Promise<SavedSearchRow> {
    const row = /^[\w-]{43}$/.test(token) ? await findSavedSearchByToken(db, 'unsubscribe_token', token) : undefined;
    if (!row) throw new AppError('NOT_FOUND', UNSUBSCRIBE_LINK_INVALID);
    return row;
  }

  async function describeUnsubscribe(token: string): Promise<UnsubscribeView> {
    const row = await byUnsubscribeToken(token);
    return { query: row.query, paused: row.paused };
  }

  /** Stops the alert's emails (it is paused, not deleted: its owner can resume it on the profile). */
  async function unsubscribe(token: string): Promise<UnsubscribeView> {
    const row = await byUnsubscribeToken(token);
    await updateSavedSearch(db, row.id, { paused: true });
    return { query: row.query, paused: true };
  }

  /** The private feed: the search's newest matching meetings in its cities, as the public search finds them. */
  async function feed(token: string): Promise<string> {
    const row = /^[\w-]{43}$/.test(token) ? await findSavedSearchByToken(db, 'feed_token', token) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 'Feed not found');
    const cities = await citiesOf(row);
    const scopes = cities.length > 0 ? cities.map((city) => city.location_key) : [undefined];
    const found = await Promise.all(scopes.map((city) => search.searchVideos({ q: row.query, ...(city ? { city } : {}), limit: FEED_ENTRIES }, { audience: 'public' })));
    const ids = [...new Set(found.flatMap((answer) => answer.results.map((result) => result.id)))];
    const rows = (await findAlertMeetings(db, ids)).filter((meeting) => isCityVisible(meeting.city_status, 'public'));
    const meetings = rows
      .map((meeting) => meetingExport(meeting, { name: meeting.city_name, state: meeting.city_state, location_key: meeting.city_location_key }, site.publicUrl))
      .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
      .slice(0, FEED_ENTRIES);
    return atomFeed({
      selfUrl: `${site.publicUrl}${alertPaths.feed(token)}`,
      pageUrl: `${site.publicUrl}${paths.search.href(row.query)}`,
      title: `"${row.query}": meetings | ${site.siteName}`,
      subtitle: `Meetings where "${row.query}" came up${cities.length > 0 ? ` in ${cities.map((city) => city.name).join(', ')}` : ''}.`,
      publicUrl: site.publicUrl,
      siteName: site.siteName,
      meetings,
    });
  }

  return { list, save, update, remove, regenerateFeed, describeUnsubscribe, unsubscribe, feed };
}
