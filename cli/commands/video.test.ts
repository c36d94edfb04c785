import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { City, Core } from '../../core/index.js';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import type { Decision } from '../../core/domain/decisions.js';
import type { NewsStory } from '../../core/domain/news-story.js';
import { buildCity, buildCityUrl, buildVideo } from '../../core/testing/builders.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { formatClock } from '../ui/table.js';
import { describeVideoShow, presentVideoShow, showVideo, videoShowUsageProblem } from './video.js';

describe('videoShowUsageProblem', () => {
  it('wants a video (with --city: that city\'s copy) or --city alone, not neither', () => {
    expect(videoShowUsageProblem('abc', {})).toBeNull();
    expect(videoShowUsageProblem(undefined, { city: 'fairview-ca', limit: 5 })).toBeNull();
    expect(videoShowUsageProblem('abc', { city: 'fairview-ca', transcript: true })).toBeNull();
    expect(videoShowUsageProblem(undefined, {})).toMatch(/missing a video id/);
    expect(videoShowUsageProblem('abc', { limit: 3 })).toMatch(/--limit goes with --city alone/);
    expect(videoShowUsageProblem(undefined, { city: 'fairview-ca', transcript: true })).toMatch(/--transcript goes with one video/);
  });
});

/** A stored, verified analysis with nothing in it but its decisions (none: stored before decisions were recorded). */
function analysisWith(decisions?: Decision[]): AnalysisResults {
  return { summary: 'The council met.', highlights: [], action_items: [], entities: [], ...(decisions ? { decisions } : {}) };
}

const MINUTES: Decision = {
  item: 'the minutes of May 11', item_number: null, motion: null, outcome: 'passed', tally: null, vote_kind: 'voice', unanimous: true,
  mover: null, seconder: null, evidence: [{ text: 'The minutes are approved.', start_ms: 95_000, verification_status: 'verified' }],
};
const REZONING: Decision = {
  item: 'rezoning of 410 Main Street', item_number: 'Item 7A', motion: 'approve the rezoning', outcome: 'passed',
  tally: { yes: 4, no: 1, abstain: null, absent: null }, vote_kind: 'roll_call', mover: 'Council Member Park', seconder: 'Council Member Diaz',
  evidence: [{ text: 'The motion passes 4-1.', start_ms: 3_723_000, verification_status: 'verified' }],
};

describe.each(TEST_ENGINES)('civic video show on %s', (engine) => {
  let core: Core;
  let city: City;
  beforeEach(async () => {
    core = await createTestCore(engine);
    city = await buildCity(testDb(core), { location_key: 'fairview-ca', name: 'Fairview' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('names the other cities of a meeting two cities follow, and shows the copy --city asks for', async () => {
    const riverton = await buildCity(testDb(core), { location_key: 'riverton-or', name: 'Riverton', state: 'OR' });
    const ours = await buildVideo(testDb(core), city.id, { video_id: 'shared00001', title: 'Joint session' });
    const theirs = await buildVideo(testDb(core), riverton.id, { video_id: 'shared00001', title: 'Joint session' });
    await testDb(core).updateTable('city_videos').set({ created_at: new Date('2026-01-01T00:00:00Z') }).where('id', '=', ours.id).execute();

    const newest = await showVideo(core, 'shared00001', {});
    if (newest.kind !== 'video') throw new Error('expected one video');
    expect(newest.details.video.id).toBe(theirs.id);
    expect(newest.details.alsoIn).toEqual([expect.objectContaining({ location_key: 'fairview-ca' })]);
    expect(describeVideoShow(newest)).toContain('Also in:     Fairview, CA: civic video show shared00001 --city fairview-ca');

    const picked = await showVideo(core, 'shared00001', { city: 'Fairview-CA' });
    if (picked.kind !== 'video') throw new Error('expected one video');
    expect(picked.details.video.id).toBe(ours.id);
    expect(picked.details.city).toMatchObject({ location_key: 'fairview-ca' });
    expect(picked.details.alsoIn).toEqual([expect.objectContaining({ location_key: 'riverton-or' })]);

    await buildCity(testDb(core), { location_key: 'cedar-hollow-wa', name: 'Cedar Hollow', state: 'WA' });
    await expect(showVideo(core, 'shared00001', { city: 'cedar-hollow-wa' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Video shared00001 is not a video of Cedar Hollow, WA (cedar-hollow-wa)',
    });
  });

  it('shows a processed video: transcript, stages, analysis counts, quote checks and the story headline', async () => {
    const source = await buildCityUrl(testDb(core), city.id, { title: 'Council videos', url: 'fixture:fairview-city-council' });
    const video = await buildVideo(testDb(core), city.id, { video_id: 'fvCC2026a01', city_urls_id: source.id, title: 'Council meeting' });
    await core.pipeline.processVideo(video.id, ['transcript', 'analysis', 'story', 'verify']);

    const result = await showVideo(core, 'fvCC2026a01', {});
    if (result.kind !== 'video') throw new Error('expected one video');
    const { details } = result;
    expect(details.city).toMatchObject({ location_key: 'fairview-ca' });
    expect(details.source).toEqual({ id: source.id, title: 'Council videos', url: 'fixture:fairview-city-council' });
    expect(details.transcript.segments).toBeGreaterThan(10);
    expect(details.transcript.chars).toBe(details.video.transcript?.length);
    expect(details.stages.map((s) => [s.stage, s.status, s.attempts])).toEqual([
      ['transcript', 'done', 1],
      ['analysis', 'done', 1],
      ['story', 'done', 1],
      ['verify', 'done', 1],
    ]);
    expect(details.analysis?.highlights).toBeGreaterThan(0);
    expect(details.quotes.verified).toBeGreaterThan(0);
    expect(details.quotes).toMatchObject({ unverified: 0, unchecked: 0 });
    expect(details.story).toMatchObject({ kind: 'json', headline: expect.any(String) });

    const text = describeVideoShow(result);
    expect(text).toContain('Council meeting');
    expect(text).toContain('City:        Fairview, CA (fairview-ca)');
    expect(text).toMatch(/Transcript: {2}[\d,]+ characters, \d+ segments/);
    expect(text).toMatch(/analysis {3}done {5}1 attempt,/);
    expect(text).toMatch(/Quotes: \d+ verified, 0 paraphrased, 0 unverified\n/);
    expect(text).toContain(`Story: ${details.story?.kind === 'json' ? details.story.headline : ''}`);

    // The story itself, not only its headline: body paragraphs and the sidebar.
    const stored = JSON.parse(details.video.news_story ?? '{}') as NewsStory;
    const firstParagraph = stored.article.body.split(/\n\s*\n/)[0]?.trim() ?? '';
    expect(firstParagraph.length).toBeGreaterThan(20);
    expect(text).toContain(`\n  ${firstParagraph.split('\n')[0]}`);
    expect(text).toContain('  Next meeting: ');
    if (stored.sidebar_elements.quote_block) expect(text).toContain(`  Quote: “${stored.sidebar_elements.quote_block.quote}”`);
    expect(text).not.toContain('\nTranscript\n');

    const json = presentVideoShow(result) as Record<string, unknown>;
    expect(json).toMatchObject({ id: video.id, video_id: 'fvCC2026a01', transcript: expect.any(String), details: { quotes: details.quotes } });
  });

  it('prints the transcript with times under --transcript, and the story as an object in --json', async () => {
    const video = await buildVideo(testDb(core), city.id, { video_id: 'fvCC2026a01', title: 'Council meeting' });
    await core.pipeline.processVideo(video.id, ['transcript', 'analysis', 'story', 'verify']);
    const segments = await core.videos.getSegments(video.id);

    const result = await showVideo(core, 'https://youtu.be/fvCC2026a01', { transcript: true });
    const text = describeVideoShow(result);
    const [first, second] = segments;
    if (!first || !second) throw new Error('expected a stored transcript');
    expect(text).toMatch(/\nTranscript\n {2}\[0:00:\d\d\] /);
    expect(text).toContain(`  [${formatClock(first.start_ms)}] ${first.speaker ? `${first.speaker}: ` : ''}${first.text}\n`);
    expect(text).toContain(`  [${formatClock(second.start_ms)}] `);

    const json = JSON.parse(JSON.stringify(presentVideoShow(result))) as { news_story: unknown; segments: unknown[] };
    expect(json.news_story).toMatchObject({ article: { headline: expect.any(String), body: expect.any(String) }, sidebar_elements: expect.any(Object) });
    expect(json.segments).toHaveLength(segments.length);
    expect(presentVideoShow(await showVideo(core, video.id, {}))).not.toHaveProperty('segments');
  });

  it('shows a plain-text story as text, in both forms', async () => {
    const video = await buildVideo(testDb(core), city.id, { news_story: 'The council met and adjourned early.' });
    const result = await showVideo(core, video.id, {});
    expect(describeVideoShow(result)).toContain('Story: plain text, 36 characters\n  The council met and adjourned early.');
    expect(presentVideoShow(result)).toMatchObject({ news_story: 'The council met and adjourned early.' });
  });

  it("shows a stored analysis's decisions in meeting order, in the text and in --json", async () => {
    const video = await buildVideo(testDb(core), city.id, { analysis_results: JSON.stringify(analysisWith([REZONING, MINUTES])) });
    const result = await showVideo(core, video.id, {});
    expect(describeVideoShow(result)).toContain([
      'Quotes: 0 verified, 0 paraphrased, 0 unverified',
      '',
      'Decisions (2)',
      '  [0:01:35] the minutes of May 11: passed unanimously',
      '      “The minutes are approved.”  ✓ verified',
      '  [1:02:03] Item 7A, rezoning of 410 Main Street: passed 4-1',
      '      moved by Council Member Park, seconded by Council Member Diaz',
      '      “The motion passes 4-1.”  ✓ verified',
      '',
      'No story available',
    ].join('\n'));
    expect(presentVideoShow(result)).toMatchObject({ analysis_results: { decisions: [REZONING, MINUTES] } });
  });

  it('says so for an analysis that found no decisions, and for one written before decisions were recorded', async () => {
    const none = await buildVideo(testDb(core), city.id, { analysis_results: JSON.stringify(analysisWith([])) });
    expect(describeVideoShow(await showVideo(core, none.id, {}))).toContain('\nDecisions (0)\n  none found in the transcript\n');
    const older = await buildVideo(testDb(core), city.id, { analysis_results: JSON.stringify(analysisWith()) });
    expect(describeVideoShow(await showVideo(core, older.id, {}))).toContain('\nDecisions: not recorded by the analyzer that wrote this analysis\n');
  });

  it('shows a bare video with its failures, and refuses an unknown one', async () => {
    const video = await buildVideo(testDb(core), city.id, { title: null });
    await core.pipeline.processVideo(video.id, ['analysis']);
    const result = await showVideo(core, video.id, {});
    const text = describeVideoShow(result);
    expect(text).toContain('Transcript:  none');
    expect(text).toMatch(/analysis {3}failed {3}1 attempt,/);
    expect(text).toContain('Video must have a transcript to run analysis');
    expect(text).toContain('No analysis available');
    expect(text).not.toContain('Decisions');
    expect(text).toContain('No story available');

    await expect(showVideo(core, 'missing1234', {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unknown video "missing1234" (civic video show --city <key> lists a city\'s videos)',
    });
  });

  it("lists a city's newest videos with their stage status", async () => {
    const older = await buildVideo(testDb(core), city.id, { title: 'Older meeting', published_at: new Date('2026-01-01T00:00:00Z'), transcript: 'Hello.' });
    await buildVideo(testDb(core), city.id, { title: 'Newer meeting', published_at: new Date('2026-02-01T00:00:00Z') });
    await testDb(core).insertInto('video_stages').values({ city_video_id: older.id, stage: 'analysis', status: 'failed', attempts: 3 }).execute();

    const result = await showVideo(core, undefined, { city: 'fairview-ca' });
    if (result.kind !== 'list') throw new Error('expected a list');
    expect(result.videos.map((v) => v.title)).toEqual(['Newer meeting', 'Older meeting']);
    const text = describeVideoShow(result);
    expect(text).toMatch(/Older meeting/);
    expect(text).toMatch(/2026-01-01\s+stored\s+failed×3\s+—\s+—\s+Older meeting/);
    // Long titles are cut, never the ids: every line fits 80 columns.
    const long = describeVideoShow({ ...result, videos: result.videos.map((v) => ({ ...v, title: `${v.title} ${'and a very long agenda '.repeat(5)}` })) });
    for (const line of long.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(text).toContain(older.video_id);

    const limited = await showVideo(core, undefined, { city: 'fairview-ca', limit: 1 });
    expect(limited.kind === 'list' && limited.videos.length).toBe(1);
    await expect(showVideo(core, undefined, { city: 'nowhere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
