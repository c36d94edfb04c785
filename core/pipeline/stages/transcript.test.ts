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
