/**
 * Saved searches and their alerts (issue 27): the request rules and the answers' shapes, shared
 * by core, the server and the web app. zod/mini, as search.ts explains.
 */
import { z } from 'zod/mini';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_QUERY_TOO_LONG } from './search.js';

/** As soon as a meeting is processed, or one email a day or a week listing every match. */
export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  immediate: 'As soon as a meeting is processed',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

/** Saved searches a member may keep: enough for a newsroom's beat, few enough to read on a page. */
export const MAX_SAVED_SEARCHES = 50;
/** Cities one saved search may name (none: every public city). */
const MAX_ALERT_CITIES = 20;
/**
 * Alert emails a member receives at most in any 24 hours, digests included. A broad word
 * ("budget") in every city could otherwise send dozens a day; past the cap a match is recorded
 * as capped (it still shows in the search's feed) and no email goes out for it.
 */
export const ALERT_EMAILS_PER_DAY = 20;
/** Matching moments listed per meeting in an email; the meeting link shows the rest. */
export const ALERT_MATCHES_PER_MEETING = 10;

const SAVED_SEARCH_QUERY_REQUIRED = 'Please enter a search to save';
export const SAVED_SEARCH_NEEDS_A_WORD = 'The search needs a word to look for (not only common words or -exclusions)';
export const SAVED_SEARCH_LIMIT_REACHED = `You can save at most ${MAX_SAVED_SEARCHES} searches`;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid';

const locationKey = z
  .string()
  .check(z.trim(), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'cities must be location keys such as fairview-ca'));
const frequencyField = z.enum(ALERT_FREQUENCIES, { error: 'frequency must be immediate, daily or weekly' });

export const savedSearchInputSchema = z.object({
  query: z
    .string({ error: SAVED_SEARCH_QUERY_REQUIRED })
    .check(z.trim(), z.minLength(1, SAVED_SEARCH_QUERY_REQUIRED), z.maxLength(SEARCH_MAX_QUERY_LENGTH, SEARCH_QUERY_TOO_LONG)),
  cities: z._default(
    z.array(locationKey).check(z.maxLength(MAX_ALERT_CITIES, `A saved search may name at most ${MAX_ALERT_CITIES} cities`)),
    [],
  ),
  frequency: z._default(frequencyField, 'immediate'),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

export const savedSearchUpdateSchema = z
  .strictObject({
    paused: z.optional(z.boolean({ error: 'paused must be true or false' })),
    frequency: z.optional(frequencyField),
  })
  .check(z.refine((update) => update.paused !== undefined || update.frequency !== undefined, 'Nothing to change: send paused or frequency'));
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

/** Capability tokens (unsubscribe, feed): 32 random bytes, base64url. */
export const alertTokenSchema = z.string().check(z.regex(/^[\w-]{43}$/, UNSUBSCRIBE_LINK_INVALID));

const savedSearchCitySchema = z.object({ location_key: z.string(), name: z.string(), state: z.string() });
export type SavedSearchCity = z.infer<typeof savedSearchCitySchema>;

/** A saved search as its owner sees it on the profile page. */
export const savedSearchViewSchema = z.object({
  id: z.string(),
  query: z.string(),
  cities: z.array(savedSearchCitySchema),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  /** ISO time. */
  created_at: z.string(),
  /** The private Atom feed's full address (anyone holding it can read the feed: regenerate to revoke). */
  feed_url: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearchViewSchema>;

export const savedSearchListSchema = z.object({ alerts: z.array(savedSearchViewSchema) });

/** What the signed-out unsubscribe page shows before its button is pressed. */
export const unsubscribeViewSchema = z.object({ query: z.string(), paused: z.boolean() });
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

const seg = (value: string) => encodeURIComponent(value);

export const alertPaths = {
  /** The page a mail's link opens: it confirms with a button (mail scanners prefetch links). */
  unsubscribePage: (token: string) => `/alerts/unsubscribe/${seg(token)}`,
  /** GET describes, POST unsubscribes (RFC 8058 one-click, no session or CSRF token needed). */
  unsubscribeApi: (token: string) => `/api/alerts/unsubscribe/${seg(token)}`,
  feed: (token: string) => `/feeds/search/${seg(token)}.atom`,
};
