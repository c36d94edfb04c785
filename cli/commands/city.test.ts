import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { buildCity, buildCityUrl, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { addCity, describeCityDetails, describeCityList, describeCityRemoval, listCities, removeCity, showCity, updateCity } from './city.js';

describe.each(TEST_ENGINES)('civic city on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
  });
  afterEach(async () => {
    await core.close();
  });

  it('adds a city with the spec defaults (status New, default colours) and the key from name and state', async () => {
    const city = await addCity(core, { name: ' Fairview ', county: 'Alder County', state: 'California', tagLine: 'Foothill town' });
    expect(city).toMatchObject({
      name: 'Fairview',
      county: 'Alder County',
      state: 'CA',
      location_key: 'fairview-ca',
      status: 'New',
      primary_color: '#3B82F6',
      secondary_color: '#1E40AF',
      tag_line: 'Foothill town',
    });
  });

  it('refuses a city without --state instead of defaulting it to CA, adding nothing', async () => {
    for (const state of [undefined, '  ']) {
      await expect(addCity(core, { name: 'Minneapolis', county: 'Hennepin County', ...(state === undefined ? {} : { state }) })).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: 'city add needs --state: the US state as a 2-letter code or its name (e.g. --state MN)',
      });
    }
    expect(await listCities(core, {})).toEqual([]);
    expect(await addCity(core, { name: 'Minneapolis', county: 'Hennepin County', state: 'Minnesota' })).toMatchObject({ location_key: 'minneapolis-mn', state: 'MN' });
  });

  it('removes a city only when confirmed, saying what goes: its videos, transcripts, analyses, stories and its own sources', async () => {
    const city = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const other = await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or' });
    const own = await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@fairview' });
    const shared = await buildCityUrl(testDb(core), city.id, { url: 'https://www.youtube.com/@alder-county' });
    await testDb(core).insertInto('cities_urls').values({ city_id: other.id, url_id: shared.id }).execute();
    const video = await buildVideo(testDb(core), city.id, { city_urls_id: own.id, transcript: 'Hello there.', news_story: 'A short story.' });
    await testDb(core).insertInto('transcript_segments').values({ city_video_id: video.id, seq: 0, start_ms: 0, end_ms: 1000, speaker: null, text: 'Hello there.' }).execute();
    await buildVideo(testDb(core), other.id);
    const expected = 'This removes city fairview-ca (Fairview, CA) with 1 source link (and unlinks 1 shared with other cities), 1 video, 1 transcript (1 segment), 0 analyses, 1 story';

    await expect(removeCity(core, 'fairview-ca', {})).rejects.toMatchObject({ code: 'BAD_INPUT', message: `${expected}; run again with --yes to confirm` });
    const asked: string[] = [];
    await expect(removeCity(core, 'fairview-ca', {}, async (question) => (asked.push(question), false))).rejects.toMatchObject({ message: 'Nothing removed' });
    expect(asked).toEqual([`${expected}.\nRemove fairview-ca? [y/N] `]);
    expect((await listCities(core, {})).map((c) => c.location_key)).toEqual(['fairview-ca', 'riverton-or']);

    const removed = await removeCity(core, 'fairview-ca', {}, async () => true);
    expect(describeCityRemoval(removed, 'Removed')).toBe(expected.replace('This removes', 'Removed'));
    expect((await listCities(core, {})).map((c) => c.location_key)).toEqual(['riverton-or']);
    expect((await testDb(core).selectFrom('city_urls').select('id').execute()).map((row) => row.id)).toEqual([shared.id]);
    expect(await testDb(core).selectFrom('city_videos').select('city_id').execute()).toEqual([{ city_id: other.id }]);
    expect(await testDb(core).selectFrom('transcript_segments').select('seq').execute()).toEqual([]);

    await expect(removeCity(core, 'riverton-or', { yes: true })).resolves.toMatchObject({ videos: 1, sources: 1, sharedSources: 0 });
    await expect(removeCity(core, 'riverton-or', { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Unknown city "riverton-or"/) });
  });

  it('refuses a blank name or county, and a key that exists', async () => {
    await expect(addCity(core, { name: '  ', county: 'Alder County', state: 'CA' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'city add needs --name' });
    await expect(addCity(core, { county: ' ', state: 'CA' })).rejects.toMatchObject({ message: 'city add needs --name and --county' });
    await addCity(core, { name: 'Fairview', county: 'Alder County', state: 'California' });
    await expect(addCity(core, { name: 'Fairview', county: 'Other County', state: 'CA' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'City fairview-ca already exists',
    });
  });

  it('lists cities with their source and video counts, filtered by status', async () => {
    const live = await buildCity(testDb(core), { name: 'Alpha', location_key: 'alpha-ca', status: 'Live' });
    await buildCity(testDb(core), { name: 'Beta', location_key: 'beta-ca', status: 'Test' });
    await buildCityUrl(testDb(core), live.id);
    await buildVideo(testDb(core), live.id);
    await buildVideo(testDb(core), live.id);

    const all = await listCities(core, {});
    expect(all.map((city) => [city.location_key, city.sources, city.videos])).toEqual([
      ['alpha-ca', 1, 2],
      ['beta-ca', 0, 0],
    ]);
    expect((await listCities(core, { status: 'live' })).map((city) => city.location_key)).toEqual(['alpha-ca']);
    await expect(listCities(core, { status: 'Gone' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(describeCityList(all)).toMatch(/^KEY\s+NAME\s+STATE\s+STATUS\s+SOURCES\s+VIDEOS\nalpha-ca\s+Alpha\s+CA\s+Live\s+1\s+2/);
    expect(describeCityList([])).toMatch(/No cities yet/);
    // At 80 columns a long name gives way; the key, what the next command takes, stays whole.
    const long = all.map((city) => ({ ...city, location_key: `${city.location_key}-with-a-long-key`, name: `${city.name} ${'Township '.repeat(8)}` }));
    const narrow = describeCityList(long, 80);
    for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(narrow).toMatch(/^alpha-ca-with-a-long-key {2}Alpha Township .*…\s+CA\s+Live\s+1\s+2$/m);
  });

  it('shows a city with its sources, video progress and stage counts', async () => {
    const city = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    const source = await buildCityUrl(testDb(core), city.id, { title: 'Council videos' });
    const video = await buildVideo(testDb(core), city.id, { city_urls_id: source.id, transcript: 'Hello there.' });
    await buildVideo(testDb(core), city.id);
    await testDb(core).insertInto('video_stages').values({ city_video_id: video.id, stage: 'analysis', status: 'failed', attempts: 2, last_error: 'boom' }).execute();

    const details = await showCity(core, 'fairview-ca');
    expect(details.videos).toEqual({ total: 2, with_transcript: 1, analysed: 0, with_story: 0 });
    expect(details.sources).toEqual([expect.objectContaining({ id: source.id, title: 'Council videos', videos: 1, sync_status: null })]);
    expect(details.stages).toEqual([{ stage: 'analysis', status: 'failed', count: 1 }]);
    const text = describeCityDetails(details);
    expect(text).toContain('Videos: 2 total, 1 with transcript, 0 analysed, 0 with story');
    expect(text).toContain('analysis   1 failed');
    expect(text).toContain(source.url);

    await expect(showCity(core, 'nowhere-ca')).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Unknown city "nowhere-ca"/) });
  });

  it('updates the fields given, renames the key, and refuses an empty or conflicting change', async () => {
    await addCity(core, { name: 'Fairview', county: 'Alder County', state: 'CA' });
    await addCity(core, { name: 'Riverton', county: 'Siskin County', state: 'OR' });

    const updated = await updateCity(core, 'fairview-ca', { status: 'Live', primaryColor: '#1f6f5c', description: 'A foothill town' });
    expect(updated).toMatchObject({ status: 'Live', primary_color: '#1F6F5C', description: 'A foothill town', name: 'Fairview' });
    expect(updated.updated_at.getTime()).toBeGreaterThanOrEqual(updated.created_at.getTime());

    await expect(updateCity(core, 'fairview-ca', { json: true })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^Nothing to update: give at least one of --name/) });
    await expect(updateCity(core, 'fairview-ca', { county: '' })).rejects.toMatchObject({ message: 'Name and county are required' });
    await expect(updateCity(core, 'fairview-ca', { key: 'riverton-or' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'City riverton-or already exists' });
    await expect(updateCity(core, 'nowhere', { status: 'Live' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(await updateCity(core, 'fairview-ca', { key: 'fairview' })).toMatchObject({ location_key: 'fairview' });
    expect((await showCity(core, 'fairview')).city.status).toBe('Live');
  });
});
