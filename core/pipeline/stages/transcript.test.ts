import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CityVideo } from '../../db/schema.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import type { Core } from '../../index.js';
import type { TranscriptSource } from '../../ports/transcript-source.js';
import { buildCity, buildVideo } from '../../testing/builders.js';
import { createTestCore, testDb } from '../../testing/test-core.js';
import { TEST_ENGINES } from '../../testing/test-database.js';

const CAPTIONS: TranscriptSegment[] = [
  { start_ms: 0, end_ms: 4000, speaker: null, text: 'the meeting is called to order' },
  { start_ms: 4000, end_ms: 9000, speaker: null, text: 'first item is the budget' },
];
const PERSONS_TEXT = 'Mayor Reyes: The meeting is called to order.\nClerk: First item, the budget.';

/** Captions that arrive only after `whileFetching` ran: a person's edit lands mid-fetch. */
function slowCaptions() {
  const hooks = { whileFetching: async () => undefined as unknown, fetches: 0 };
  const source: TranscriptSource = {
    async fetchTranscript() {
      hooks.fetches += 1;
      await hooks.whileFetching();
      return CAPTIONS.map((segment) => ({ ...segment }));
    },
  };
  return { source, hooks };
}

describe.each(TEST_ENGINES)('a transcript a person edits while captions are being fetched on %s', (engine) => {
  let core: Core;
  let captions: ReturnType<typeof slowCaptions>;
  let video: CityVideo;
  beforeEach(async () => {
    captions = slowCaptions();
    core = await createTestCore(engine, { transcriptSource: captions.source });
    const city = await buildCity(testDb(core));
    video = await buildVideo(testDb(core), city.id);
    captions.hooks.whileFetching = () => core.videos.updateVideo(video.id, { transcript: PERSONS_TEXT });
  });
  afterEach(async () => {
    await core.close();
  });

  async function expectPersonsTranscriptKept() {
    expect(captions.hooks.fetches).toBe(1);
    const row = await testDb(core).selectFrom('city_videos').select(['transcript', 'transcript_edited_at']).where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.transcript).toBe(PERSONS_TEXT);
    expect(row.transcript_edited_at).toBeInstanceOf(Date);
    const segments = await testDb(core).selectFrom('transcript_segments').select('text').where('city_video_id', '=', video.id).orderBy('start_ms').execute();
    expect(segments.map((segment) => segment.text)).toEqual(['The meeting is called to order.', 'First item, the budget.']);
  }

  it('is kept by a pipeline run that fetched before the edit', async () => {
    const summary = await core.pipeline.processVideo(video.id, ['transcript']);
    expect(summary.summary.progress.failures).toEqual([]);
    await expectPersonsTranscriptKept();
  });

  it('is kept by the admin’s fetchYoutubeTranscript', async () => {
    const result = await core.functions.fetchYoutubeTranscript({ videoId: video.video_id });
    expect(result).toMatchObject({ success: true, saved: 0 });
    await expectPersonsTranscriptKept();
  });
});

describe.each(TEST_ENGINES)('captions fetched again over stored ones on %s', (engine) => {
  let core: Core;
  afterEach(async () => {
    await core.close();
  });

  it('replace the segments in place, drop those past the new count, and leave search the new words only', async () => {
    let captions: TranscriptSegment[] = [...CAPTIONS, { start_ms: 9000, end_ms: 12_000, speaker: null, text: 'the zebra crossing on Main Street' }];
    core = await createTestCore(engine, { transcriptSource: { fetchTranscript: async () => captions.map((segment) => ({ ...segment })) } });
    const city = await buildCity(testDb(core));
    const video = await buildVideo(testDb(core), city.id);
    const stored = async () => testDb(core).selectFrom('transcript_segments').select(['seq', 'text']).where('city_video_id', '=', video.id).orderBy('seq').execute();
    const words = async () => (await testDb(core).selectFrom('meeting_words').select('words').where('city_video_id', '=', video.id).executeTakeFirst())?.words ?? '';

    await core.pipeline.processVideo(video.id, ['transcript']);
    expect((await stored()).map((row) => row.seq)).toEqual([0, 1, 2]);
    expect(String(await words())).toContain('zebra');

    captions = [{ start_ms: 0, end_ms: 5000, speaker: 'Mayor Reyes', text: 'the meeting is called to order' }, { start_ms: 5000, end_ms: 8000, speaker: null, text: 'first item is the library' }];
    const summary = await core.pipeline.processVideo(video.id, ['transcript'], { force: true });
    expect(summary.summary.progress.failures).toEqual([]);
    expect(await stored()).toEqual([
      { seq: 0, text: 'the meeting is called to order' },
      { seq: 1, text: 'first item is the library' },
    ]);
    const row = await testDb(core).selectFrom('city_videos').select('transcript').where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.transcript).toContain('library');
    expect(String(await words())).toContain('librari');
    expect(String(await words())).not.toContain('zebra');
    expect(String(await words())).not.toContain('budget');
  });
});
