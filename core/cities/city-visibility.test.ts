import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityVideo } from '../db/schema.js';
import { listSitemapEntries } from '../db/repositories/sitemap.js';
import { isCityArchived, isCityPickable, isCityStaffOnly, isCityVisible, visibleCityStatuses } from '../domain/city-visibility.js';
import { CITY_STATUSES } from '../domain/enums.js';
import type { Core } from '../index.js';
import { buildCity } from '../testing/builders.js';
import { addMeeting } from '../testing/search-meetings.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';

describe('the city visibility rule (issue 25)', () => {
  it('shows Live and Archive to the public, every status to staff, and offers only Live cities in pickers', () => {
    expect(visibleCityStatuses('public')).toEqual(['Live', 'Archive']);
    expect(visibleCityStatuses('staff')).toEqual(CITY_STATUSES);
    expect(CITY_STATUSES.filter((status) => isCityVisible(status, 'public'))).toEqual(['Live', 'Archive']);
    expect(CITY_STATUSES.every((status) => isCityVisible(status, 'staff'))).toBe(true);
    expect(CITY_STATUSES.filter(isCityPickable)).toEqual(['Live']);
    expect(CITY_STATUSES.filter(isCityStaffOnly)).toEqual(['New', 'Test']);
    expect(CITY_STATUSES.filter(isCityArchived)).toEqual(['Archive']);
    // A status the rule does not know is nobody's to see but staff's.
    expect(isCityVisible('Draft', 'public')).toBe(false);
  });
});

describe.each(TEST_ENGINES)('services under the visibility rule on %s', (engine) => {
  let core: Core;
  const cities = {} as Record<'live' | 'archive' | 'test' | 'fresh', City>;
  const meetings = {} as Record<'live' | 'archive' | 'test', CityVideo>;

  beforeAll(async () => {
    core = await createTestCore(engine);
    cities.live = await buildCity(testDb(core), { name: 'Alder', location_key: 'alder-ca', status: 'Live' });
    cities.archive = await buildCity(testDb(core), { name: 'Birch', location_key: 'birch-ca', status: 'Archive' });
    cities.test = await buildCity(testDb(core), { name: 'Cedar', location_key: 'cedar-ca', status: 'Test' });
    cities.fresh = await buildCity(testDb(core), { name: 'Dogwood', location_key: 'dogwood-ca', status: 'New' });
    for (const key of ['live', 'archive', 'test'] as const) {
      meetings[key] = await addMeeting(testDb(core), cities[key].id, { title: `Zoning hearing in ${cities[key].name}`, says: [[5, 'The zoning variance passed.']] });
    }
  });
  afterAll(async () => {
    await core.close();
  });

  it('lists the public cities to the public and every city to staff (the CLI by default)', async () => {
    expect((await core.cities.listCities('public')).map((city) => city.name)).toEqual(['Alder', 'Birch']);
    expect((await core.cities.listCities('staff')).map((city) => city.name)).toEqual(['Alder', 'Birch', 'Cedar', 'Dogwood']);
    expect((await core.cities.listCities()).map((city) => city.name)).toEqual(['Alder', 'Birch', 'Cedar', 'Dogwood']);
  });

  it('answers a hidden city to the public as one that does not exist: by key, by id, its stats and its videos', async () => {
    for (const ref of ['cedar-ca', cities.test.id, 'dogwood-ca']) {
      await expect(core.cities.resolveCity(ref, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'City not found' });
    }
    await expect(core.cities.cityStats('cedar-ca', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.videos.listLatestCityVideos('cedar-ca', 10, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await core.cities.resolveCity('cedar-ca', 'staff')).id).toBe(cities.test.id);
    expect((await core.cities.cityStats('cedar-ca', 'staff')).meetings).toBe(1);
    expect((await core.videos.listLatestCityVideos('cedar-ca', 10, 'staff')).map((video) => video.id)).toEqual([meetings.test.id]);
    // Archived cities stay readable by everyone.
    expect((await core.cities.resolveCity('birch-ca', 'public')).status).toBe('Archive');
    expect((await core.videos.listLatestCityVideos('birch-ca', 10, 'public')).map((video) => video.id)).toEqual([meetings.archive.id]);
  });

  it("hides a hidden city's meeting, its transcript and its error reports from the public", async () => {
    const hidden = meetings.test;
    await expect(core.videos.getVideoWithCity(hidden.id, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Video not found' });
    await expect(core.videos.getVideoWithCity(hidden.video_id, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.videos.getSegments(hidden.id, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.errorReports.report(hidden.id, { message: 'The vote count is wrong.', moment: null, email: null }, 'public')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await core.videos.getVideoWithCity(hidden.id, 'staff')).city?.location_key).toBe('cedar-ca');
    expect(await core.videos.getSegments(hidden.id, 'staff')).toHaveLength(1);
    expect((await core.videos.getVideoWithCity(meetings.archive.id, 'public')).city?.location_key).toBe('birch-ca');
  });

  it('searches only the public cities for the public, and a hidden city by key is unknown to them', async () => {
    const cityNames = async (audience: 'public' | 'staff', city?: string) =>
      (await core.search.searchVideos({ q: 'zoning', ...(city ? { city } : {}) }, { audience })).results.map((result) => result.city?.name).sort();
    expect(await cityNames('public')).toEqual(['Alder', 'Birch']);
    expect(await cityNames('staff')).toEqual(['Alder', 'Birch', 'Cedar']);
    expect(await cityNames('staff', 'cedar-ca')).toEqual(['Cedar']);
    await expect(cityNames('public', 'cedar-ca')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const relevance = await core.search.searchVideos({ q: 'zoning variance', sort: 'relevance' }, { audience: 'public' });
    expect(relevance.results.map((result) => result.city?.name).sort()).toEqual(['Alder', 'Birch']);
  });

  it('lists only Live and Archive cities and their meetings in the sitemap', async () => {
    const { cities: listed, meetings: listedMeetings } = await listSitemapEntries(testDb(core));
    expect(listed.map((city) => city.location_key)).toEqual(['alder-ca', 'birch-ca']);
    expect(listedMeetings.map((meeting) => meeting.id).sort()).toEqual([meetings.live.id, meetings.archive.id].sort());
  });
});
