import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { cityListSchema, citySchema, cityStatsSchema, cityVideoCardListSchema } from '../../core/domain/city.js';
import { meetingSegmentsSchema, meetingVideoSchema } from '../../core/domain/meeting.js';
import { adminListingPageSchema, categoryListSchema, listingListSchema, listingSchema } from '../../core/domain/listing.js';
import { profileSchema } from '../../core/domain/profile.js';
import { searchResponseSchema } from '../../core/domain/search-answer.js';
import { replaceSegments } from '../../core/db/repositories/transcript-segments.js';
import { sessionSchema } from '../../core/domain/session.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * The web app parses these answers with the core/domain schemas and refuses what does not
 * match, so a field renamed here without the schema would blank the site. This keeps the two
 * in step.
 */
describe.each(TEST_ENGINES)('answers the web app reads match core/domain on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cities, one city and its video cards', async () => {
    const city = await buildCity(t.db);
    await buildVideo(t.db, city.id, { published_at: new Date('2026-03-01T18:00:00Z') });
    const visitor = await t.signedOutAgent();
    const list = await visitor.get('/api/cities').expect(200);
    expect(cityListSchema.safeParse(list.body).error).toBeUndefined();
    const one = await visitor.get(`/api/cities/${city.location_key}`).expect(200);
    expect(z.strictObject(citySchema.shape).safeParse(one.body).error).toBeUndefined();
    const videos = await visitor.get(`/api/cities/${city.location_key}/videos`).expect(200);
    expect(videos.body).toHaveLength(1);
    expect(cityVideoCardListSchema.safeParse(videos.body).error).toBeUndefined();
    const stats = await visitor.get(`/api/cities/${city.location_key}/stats`).expect(200);
    expect(z.strictObject(cityStatsSchema.shape).safeParse(stats.body).error).toBeUndefined();
    expect(stats.body).toMatchObject({ meetings: 1, last_meeting_at: '2026-03-01T18:00:00.000Z' });
  });

  it('the session of a visitor and of a member, and the profile', async () => {
    const visitor = await t.signedOutAgent();
    const signedOut = await visitor.get('/api/auth/session').expect(200);
    expect(sessionSchema.parse(signedOut.body).user).toBeNull();
    const member = await t.memberAgent();
    const signedIn = await member.get('/api/auth/session').expect(200);
    expect(sessionSchema.parse(signedIn.body).user?.id).toBe(member.user!.id);
    const profile = await member.get('/api/profile').expect(200);
    expect(z.strictObject(profileSchema.shape).safeParse(profile.body).error).toBeUndefined();
  });

  it('a meeting with its city, its timed transcript and a search with hits', async () => {
    const city = await buildCity(t.db);
    const video = await buildVideo(t.db, city.id, { title: 'Budget hearing', transcript: 'Mayor: The library budget passes.' });
    await replaceSegments(t.db, video.id, [{ start_ms: 61_000, end_ms: 64_000, speaker: 'Mayor', text: 'The library budget passes.' }]);
    const visitor = await t.signedOutAgent();
    const meeting = await visitor.get(`/api/videos/${video.id}`).expect(200);
    expect(meetingVideoSchema.safeParse(meeting.body).error).toBeUndefined();
    expect(meeting.body.city).toMatchObject({ location_key: city.location_key });
    const segments = await visitor.get(`/api/videos/${video.id}/segments`).expect(200);
    expect(z.strictObject(meetingSegmentsSchema.shape).safeParse(segments.body).error).toBeUndefined();
    expect(segments.body.segments).toEqual([{ start_ms: 61_000, end_ms: 64_000, speaker: 'Mayor', text: 'The library budget passes.' }]);
    const search = await visitor.get('/api/search').query({ q: 'library', city: city.location_key }).expect(200);
    expect(searchResponseSchema.safeParse(search.body).error).toBeUndefined();
    expect(search.body.results[0].hits[0]).toMatchObject({ start_ms: 61_000, highlighted: 'The <mark>library</mark> budget passes.' });
  });

  it('the directory: categories, listings, one listing and an admin page', async () => {
    const city = await buildCity(t.db, { location_key: 'schema-town-ca' });
    const category = await t.db.insertInto('business_categories').values({ parent_category: 'Food', sub_category: 'Schema Cafes' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('business_listings').values([
      { name: 'Schema Cafe', city_id: city.id, business_category: category.id, business_key: 'schema-cafe', listing_tier: 'Tier 1' },
      { name: 'Unplaced Shop' },
    ]).execute();
    const visitor = await t.signedOutAgent();
    const categories = await visitor.get('/api/business-categories').expect(200);
    expect(categoryListSchema.safeParse(categories.body).error).toBeUndefined();
    const list = await visitor.get('/api/businesses').expect(200);
    expect(z.array(z.strictObject(listingSchema.shape)).safeParse(list.body).error).toBeUndefined();
    expect(listingListSchema.parse(list.body).length).toBeGreaterThanOrEqual(2);
    const one = await visitor.get('/api/businesses/schema-cafe').expect(200);
    expect(z.strictObject(listingSchema.shape).safeParse(one.body).error).toBeUndefined();
    const admin = await t.adminAgent();
    const page = await admin.get('/api/admin/businesses').expect(200);
    expect(adminListingPageSchema.safeParse(page.body).error).toBeUndefined();
  });
});
