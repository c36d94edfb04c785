import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { addSource, describeAddedSource, describeAllSources, describeSourceList, listAllSources, listSources, removeSource } from './source.js';

describe.each(TEST_ENGINES)('civic source on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
    await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('adds a YouTube source as video and links it to the city in the same step', async () => {
    const added = await addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/@FairviewCouncil', title: 'Council' });
    expect(added.source).toMatchObject({ content_type: 'video', source_type: 'city', entity_type: 'Unknown', title: 'Council' });
    const links = await testDb(core).selectFrom('cities_urls').selectAll().where('url_id', '=', added.source.id).execute();
    expect(links).toEqual([expect.objectContaining({ city_id: added.city.id })]);
    expect(describeAddedSource(added)).toContain(`civic ingest --city fairview-ca --source ${added.source.id}`);
  });

  it('adds a web page as a site source', async () => {
    const { source } = await addSource(core, { city: 'fairview-ca', url: 'fairview.gov/agendas', sourceType: 'county', entityType: 'Clerk' });
    expect(source).toMatchObject({ url: 'https://fairview.gov/agendas', content_type: 'site', source_type: 'county', entity_type: 'Clerk' });
  });

  it('refuses a bad address with the reason, a duplicate, and an unknown city, leaving nothing behind', async () => {
    await expect(addSource(core, { city: 'fairview-ca', url: 'https://youtu.be/tooShort' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/a video id is exactly 11 letters/),
    });
    const first = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council' });
    await expect(addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Source fixture:fairview-city-council already exists for fairview-ca (id ${first.source.id})`,
    });
    await expect(addSource(core, { city: 'nowhere-ca', url: 'fixture:fairview-city-council' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A fixture key with no videos file would only fail at discovery: refused now, naming the ones there are.
    await expect(addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-council' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'No fixture source named fairview-council (fixture sources: fairview-city-council, fairview-unified-school-board, riverton-city-council)',
    });
    await expect(addSource(core, { city: 'fairview', url: 'https://fairview.gov' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('did you mean "fairview-ca"?') });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toHaveLength(1);
  });

  it('lists sources with video counts and the last discovery', async () => {
    const { city, source } = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council', title: 'Council' });
    await addSource(core, { city: 'fairview-ca', url: 'https://fairview.gov', title: 'Website' });
    await buildVideo(testDb(core), city.id, { city_urls_id: source.id });
    await testDb(core)
      .insertInto('source_syncs')
      .values({ url_id: source.id, status: 'failed', last_error: 'feed unreachable', finished_at: new Date('2026-03-02T10:00:00Z') })
      .execute();

    const listed = await listSources(core, { city: 'Fairview-CA' });
    expect(listed.sources.map((s) => [s.title, s.videos, s.sync_status])).toEqual([
      ['Council', 1, 'failed'],
      ['Website', 0, null],
    ]);
    const text = describeSourceList(listed, 120);
    expect(text).toContain(`${source.id}  Council\n    video/city  1 video  last discovery: failed 2026-03-02 10:00 UTC: feed unreachable\n    fixture:fairview-city-council`);
    expect(text).toMatch(/Website\n {4}site\/city {2}0 videos {2}last discovery: —\n {4}https:\/\/fairview\.gov/);

    // At 80 columns a long title and a long reason are cut, the id whole and the reason's cause kept.
    await testDb(core)
      .updateTable('source_syncs')
      .set({ last_error: `YouTube Data API request for channel ${'UC'.padEnd(24, 'x')} failed after 3 attempts: quotaExceeded` })
      .execute();
    await testDb(core).updateTable('city_urls').set({ title: `Fairview City Council ${'and Planning Commission '.repeat(4)}` }).where('id', '=', source.id).execute();
    const narrow = describeSourceList(await listSources(core, { city: 'fairview-ca' }), 80);
    for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(narrow).toContain(`${source.id}  Fairview City Council`);
    expect(narrow).toMatch(/…: quotaExceeded\n/);

    await testDb(core).deleteFrom('city_urls').execute();
    expect(describeSourceList(await listSources(core, { city: 'fairview-ca' }))).toBe('No URLs found for this city (fairview-ca)');
  });

  it('lists every city\'s sources without --city, a city without any saying so', async () => {
    expect(describeAllSources(await listAllSources(core))).toBe('No URLs found for this city (fairview-ca)');
    const { source } = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council', title: 'Council' });
    await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or' });
    const river = await addSource(core, { city: 'riverton-or', url: 'fixture:riverton-city-council', title: 'River council' });
    await buildCity(testDb(core), { name: 'Cedar Hollow', location_key: 'cedar-hollow-wa' });

    const all = await listAllSources(core);
    expect(all.map((list) => [list.city.location_key, list.sources.map((s) => s.id)])).toEqual([
      ['cedar-hollow-wa', []],
      ['fairview-ca', [source.id]],
      ['riverton-or', [river.source.id]],
    ]);
    const text = describeAllSources(all, 80);
    expect(text).toMatch(/^No URLs found for this city \(cedar-hollow-wa\)\n\nfairview-ca: 1 source\n/);
    expect(text).toContain(`riverton-or: 1 source\n${river.source.id}  River council`);
  });

  it('removes a source only with --yes: link rows, then the URL; its videos stay', async () => {
    const { city, source } = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council' });
    const video = await buildVideo(testDb(core), city.id, { city_urls_id: source.id });

    await expect(removeSource(core, source.id, {})).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'This removes source fixture:fairview-city-council from fairview-ca (its 1 video stays); run again with --yes to confirm',
    });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toHaveLength(1);

    const removed = await removeSource(core, source.id, { yes: true });
    expect(removed).toMatchObject({ cities: ['fairview-ca'], videos: 1 });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toEqual([]);
    expect(await testDb(core).selectFrom('cities_urls').select('url_id').execute()).toEqual([]);
    const kept = await testDb(core).selectFrom('city_videos').select(['id', 'city_urls_id']).execute();
    expect(kept).toEqual([{ id: video.id, city_urls_id: null }]);

    await expect(removeSource(core, source.id, { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(removeSource(core, 'not-a-uuid', { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('recognises a channel, playlist or video already present under another address form', async () => {
    const channel = await addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/@FairviewCouncil' });
    await expect(addSource(core, { city: 'fairview-ca', url: 'm.youtube.com/@fairviewcouncil/videos' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Source https://m.youtube.com/@fairviewcouncil/videos already exists for fairview-ca as https://www.youtube.com/@FairviewCouncil (id ${channel.source.id})`,
    });
    await addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/playlist?list=PLfairview0123456' });
    await expect(addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/embed/videoseries?list=PLfairview0123456' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await addSource(core, { city: 'fairview-ca', url: 'https://youtu.be/fvCC2026a01' });
    await expect(addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/watch?v=fvCC2026a01&t=30s' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toHaveLength(3);

    // Another city may have the same channel as its own source.
    await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or' });
    await expect(addSource(core, { city: 'riverton-or', url: 'youtube.com/@fairviewcouncil' })).resolves.toMatchObject({ city: { location_key: 'riverton-or' } });
  });

  it('removes a source named by its address in any form, and asks for the id when the address is several sources', async () => {
    const { source } = await addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/@FairviewCouncil' });
    await expect(removeSource(core, 'youtube.com/@fairviewcouncil/streams', {})).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'This removes source https://www.youtube.com/@FairviewCouncil from fairview-ca (its 0 videos stay); run again with --yes to confirm',
    });
    await expect(removeSource(core, 'https://www.youtube.com/@FairviewCouncil', { yes: true })).resolves.toMatchObject({ source: { id: source.id } });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toEqual([]);

    const site = await addSource(core, { city: 'fairview-ca', url: 'https://fairview.gov' });
    await buildCity(testDb(core), { name: 'Riverton', location_key: 'riverton-or' });
    const other = await addSource(core, { city: 'riverton-or', url: 'fairview.gov' });
    await expect(removeSource(core, 'fairview.gov', { yes: true })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: `fairview.gov is 2 sources (ids ${site.source.id}, ${other.source.id}): give the id of the one to remove`,
    });
    await expect(removeSource(core, 'https://nowhere.example', { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Unknown source "https:\/\/nowhere\.example"/) });
    expect(await testDb(core).selectFrom('city_urls').select('id').execute()).toHaveLength(2);
  });
});
