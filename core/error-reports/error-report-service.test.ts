import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_BAD_EMAIL, ERROR_REPORT_BAD_MOMENT, ERROR_REPORT_MESSAGE_REQUIRED, formatMoment, parseMomentText } from '../domain/error-reports.js';
import type { Core } from '../index.js';
import { buildCity, buildVideo } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';

describe('parseMomentText and formatMoment', () => {
  it.each([
    ['1:23:45', 5_025_000],
    ['23:45', 1_425_000],
    ['0:05', 5_000],
    ['95', 95_000],
    [' 2:00:00 ', 7_200_000],
  ])('reads %s', (text, ms) => {
    expect(parseMomentText(text)).toBe(ms);
  });

  it.each(['', 'soon', '1:75', '1:60:00', '-3', '1h2m'])('refuses %j', (text) => {
    expect(parseMomentText(text)).toBeNull();
  });

  it('writes what it reads', () => {
    expect(formatMoment(5_025_000)).toBe('1:23:45');
    expect(formatMoment(65_000)).toBe('1:05');
  });
});

describe.each(TEST_ENGINES)('error report service on %s', (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await createTestCore(engine);
  });
  afterAll(async () => {
    await core.close();
  });

  it('stores a report against the story revision shown, and lists open ones oldest first', async () => {
    const city = await buildCity(testDb(core), { location_key: 'fairview-ca' });
    const storyAt = new Date('2026-03-02T10:00:00Z');
    const video = await buildVideo(testDb(core), city.id, { story_generated_at: storyAt, news_story: '{}' });
    const first = await core.errorReports.report(video.video_id, { message: ' The vote was 4-1, not 5-0. ', moment: '1:23:45', email: ' ana@example.org ' });
    const second = await core.errorReports.report(video.id, { message: 'Wrong name', moment: '', email: '' });

    const open = await core.errorReports.list();
    expect(open.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(open[0]).toMatchObject({
      city_video_id: video.id,
      video_id: video.video_id,
      city_slug: 'fairview-ca',
      story_generated_at: storyAt,
      message: 'The vote was 4-1, not 5-0.',
      moment_ms: 5_025_000,
      email: 'ana@example.org',
      resolved_at: null,
    });
    expect(open[1]).toMatchObject({ moment_ms: null, email: null });
  });

  it('resolves a report: it leaves the open list and keeps who resolved it', async () => {
    const city = await buildCity(testDb(core));
    const video = await buildVideo(testDb(core), city.id);
    const admin = await core.users.addUser({ email: `editor-${engine}@example.org`, admin: true });
    const { id } = await core.errorReports.report(video.id, { message: 'Typo in the headline' });
    expect((await core.errorReports.list()).map((row) => row.id)).toContain(id);

    const resolved = await core.errorReports.resolve(id, admin.id);
    expect(resolved.resolved_at).toBeInstanceOf(Date);
    expect((await core.errorReports.list()).map((row) => row.id)).not.toContain(id);
    const all = await core.errorReports.list({ includeResolved: true });
    expect(all.at(-1)?.id).toBe(id);
    const stored = await testDb(core).selectFrom('error_reports').select('resolved_by').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.resolved_by).toBe(admin.id);
    // Resolving again keeps the first resolution.
    expect((await core.errorReports.resolve(id, admin.id)).resolved_at).toEqual(resolved.resolved_at);
  });

  it('refuses bad input with the reason, and unknown videos and reports as not found', async () => {
    const city = await buildCity(testDb(core));
    const video = await buildVideo(testDb(core), city.id);
    await expect(core.errorReports.report(video.id, { message: '  ' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: ERROR_REPORT_MESSAGE_REQUIRED });
    await expect(core.errorReports.report(video.id, { message: 'x'.repeat(2001) })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.errorReports.report(video.id, { message: 'x', moment: 'soon' })).rejects.toMatchObject({ message: ERROR_REPORT_BAD_MOMENT });
    await expect(core.errorReports.report(video.id, { message: 'x', email: 'ana' })).rejects.toMatchObject({ message: ERROR_REPORT_BAD_EMAIL });
    await expect(core.errorReports.report('nosuchvideo', { message: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.errorReports.resolve('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.errorReports.resolve('not-an-id', '00000000-0000-4000-8000-000000000001')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
