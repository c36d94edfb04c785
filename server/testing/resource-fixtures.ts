import { randomBytes } from 'node:crypto';
import type { City, CityUrl, CityVideo, Core } from '../../core/index.js';
import { testDb } from '../../core/testing/test-core.js';

/** Rows the resource routes' tests work on, made through the core's database handle. */
export interface ResourceFixtures {
  fairview: City;
  riverton: City;
  source: CityUrl;
  /** Has a transcript (and nothing more). */
  video: CityVideo;
  /** Has no transcript. */
  bareVideo: CityVideo;
  listings: { id: string; name: string; business_key: string | null }[];
  categoryId: string;
}

const unique = () => randomBytes(3).toString('hex');

export const TRANSCRIPT = [
  'Mayor Lopez: Good evening and welcome to the regular meeting of the Fairview City Council.',
  'Mayor Lopez: Our first item tonight is the proposed repair of the Oak Street bridge.',
  'Director Chen: The engineering report estimates the repairs at 2.4 million dollars over two years.',
  'Councilmember Park: I move to approve the bridge repair contract with the one lane condition.',
  'Councilmember Diaz: Second.',
  'Mayor Lopez: All in favor? The motion passes five to zero. We are adjourned.',
].join('\n');

export async function seedResources(core: Core): Promise<ResourceFixtures> {
  const suffix = unique();
  const fairview = await testDb(core)
    .insertInto('cities')
    .values({ name: 'Fairview', county: 'Alder County', state: 'CA', location_key: `fairview-${suffix}`, status: 'Live' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const riverton = await testDb(core)
    .insertInto('cities')
    .values({ name: 'Riverton', county: 'Larch County', state: 'OR', location_key: `riverton-${suffix}`, status: 'Live' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const source = await testDb(core)
    .insertInto('city_urls')
    .values({ title: 'Council videos', url: 'fixture:fairview-city-council', content_type: 'video', source_type: 'city' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await testDb(core).insertInto('cities_urls').values({ city_id: fairview.id, url_id: source.id }).execute();
  const video = await testDb(core)
    .insertInto('city_videos')
    .values({
      city_id: fairview.id,
      city_urls_id: source.id,
      video_id: `tx${suffix}abc`.slice(0, 11),
      title: 'Council meeting with transcript',
      transcript: TRANSCRIPT,
      published_at: new Date('2026-03-02T02:00:00Z'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const bareVideo = await testDb(core)
    .insertInto('city_videos')
    .values({ city_id: fairview.id, city_urls_id: source.id, video_id: `nt${suffix}abc`.slice(0, 11), title: 'No transcript yet', published_at: new Date('2026-03-01T02:00:00Z') })
    .returningAll()
    .executeTakeFirstOrThrow();
  const category = await testDb(core)
    .insertInto('business_categories')
    .values({ parent_category: 'Food', sub_category: `Bakeries ${suffix}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const listings = await testDb(core)
    .insertInto('business_listings')
    .values([
      { name: 'Zeta Hardware', listing_tier: 'Tier 1', city_id: fairview.id, business_key: `zeta-${suffix}`, business_category: category.id },
      { name: 'Alpha Bakery', listing_tier: 'Tier 3', city_id: fairview.id, business_key: `alpha-${suffix}`, user_email: 'owner@alpha.example', stripe_customer_id: 'cus_secret' },
      { name: 'Beta Books', listing_tier: 'Tier 2', city_id: riverton.id, business_key: null },
    ])
    .returning(['id', 'name', 'business_key'])
    .execute();
  return { fairview, riverton, source, video, bareVideo, listings, categoryId: category.id };
}

/** Every row of the tables the resource and auth routes write (sessions aside), to prove a refused request changed nothing. */
export async function snapshotTables(core: Core): Promise<string> {
  const tables = [
    'cities', 'city_urls', 'cities_urls', 'city_videos', 'transcript_segments', 'business_listings', 'business_categories',
    'city_request', 'contact_submissions', 'analytics_events', 'uploads', 'video_stages', 'llm_calls', 'source_syncs',
    'users', 'profiles', 'user_roles', 'auth_codes',
  ] as const;
  const rows = await Promise.all(tables.map((table) => testDb(core).selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows.map((list) => list.map((row) => JSON.stringify(row)).sort()));
}
