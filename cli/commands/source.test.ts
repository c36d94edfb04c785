import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/index.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore } from '../../core/testing/test-core.js';
import { addSource, describeAddedSource, describeSourceList, listSources, removeSource } from './source.js';

describe.each(TEST_ENGINES)('civic source on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
    await buildCity(core.db, { name: 'Fairview', location_key: 'fairview-ca' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('adds a YouTube source as video and links it to the city in the same step', async () => {
    const added = await addSource(core, { city: 'fairview-ca', url: 'https://www.youtube.com/@FairviewCouncil', title: 'Council' });
    expect(added.source).toMatchObject({ content_type: 'video', source_type: 'city', entity_type: 'Unknown', title: 'Council' });
    const links = await core.db.selectFrom('cities_urls').selectAll().where('url_id', '=', added.source.id).execute();
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
    expect(await core.db.selectFrom('city_urls').select('id').execute()).toHaveLength(1);
  });

  it('lists sources with video counts and the last discovery', async () => {
    const { city, source } = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council', title: 'Council' });
    await addSource(core, { city: 'fairview-ca', url: 'https://fairview.gov', title: 'Website' });
    await buildVideo(core.db, city.id, { city_urls_id: source.id });
    await core.db
      .insertInto('source_syncs')
      .values({ url_id: source.id, status: 'failed', last_error: 'feed unreachable', finished_at: new Date('2026-03-02T10:00:00Z') })
      .execute();

    const listed = await listSources(core, { city: 'fairview-ca' });
    expect(listed.sources.map((s) => [s.title, s.videos, s.sync_status])).toEqual([
      ['Council', 1, 'failed'],
      ['Website', 0, null],
    ]);
    const text = describeSourceList(listed);
    expect(text).toMatch(/Council\s+video\/city\s+1\s+failed 2026-03-02 10:00 UTC: feed unreachable\s+fixture:fairview-city-council/);
    expect(text).toMatch(/Website\s+site\/city\s+0\s+—\s+https:\/\/fairview\.gov/);

    await core.db.deleteFrom('city_urls').execute();
    expect(describeSourceList(await listSources(core, { city: 'fairview-ca' }))).toBe('No URLs found for this city (fairview-ca)');
  });

  it('removes a source only with --yes: link rows, then the URL; its videos stay', async () => {
    const { city, source } = await addSource(core, { city: 'fairview-ca', url: 'fixture:fairview-city-council' });
    const video = await buildVideo(core.db, city.id, { city_urls_id: source.id });

    await expect(removeSource(core, source.id, {})).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'This removes source fixture:fairview-city-council from fairview-ca (its 1 video(s) stay); run again with --yes to confirm',
    });
    expect(await core.db.selectFrom('city_urls').select('id').execute()).toHaveLength(1);

    const removed = await removeSource(core, source.id, { yes: true });
    expect(removed).toMatchObject({ cities: ['fairview-ca'], videos: 1 });
    expect(await core.db.selectFrom('city_urls').select('id').execute()).toEqual([]);
    expect(await core.db.selectFrom('cities_urls').select('url_id').execute()).toEqual([]);
    const kept = await core.db.selectFrom('city_videos').select(['id', 'city_urls_id']).execute();
    expect(kept).toEqual([{ id: video.id, city_urls_id: null }]);

    await expect(removeSource(core, source.id, { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(removeSource(core, 'not-a-uuid', { yes: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
