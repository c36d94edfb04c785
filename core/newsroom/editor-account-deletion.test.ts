import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStoredStory } from '../domain/news-story.js';
import { editableStory } from '../domain/newsroom.js';
import type { Core } from '../index.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';

/**
 * What the privacy page promises an editor (issue 24): deleting the account keeps the story's
 * history (the text saved, when) but no longer says who saved it.
 */
describe.each(TEST_ENGINES)("an editor's deleted account on %s", (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
    await core.databaseAdmin.seedDemo();
  });
  afterEach(async () => {
    await core.close();
  });

  it('leaves the revisions and the published story, without the author or the reviewer', async () => {
    const fairview = await testDb(core).selectFrom('cities').select('id').where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
    await core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id });
    await core.functions.fetchYoutubeTranscript({ videoId: 'fvCC2026a01' });
    const video = await testDb(core).selectFrom('city_videos').select('id').where('video_id', '=', 'fvCC2026a01').executeTakeFirstOrThrow();
    await core.functions.analyzeVideoTranscript({ recordId: video.id });
    const { story } = await core.functions.writeTranscriptStory({ recordId: video.id });
    const editor = await core.users.addUser({ email: 'editor@example.org', password: 'correct horse battery staple', admin: true });
    await core.newsroom.editStory(video.id, editor.id, { ...editableStory(story), headline: 'Council adopts the water rate plan', correction_note: 'The vote was 4-1.' });

    await core.profiles.deleteAccount(editor.id);

    const view = await core.newsroom.show(video.id);
    expect(view.reviewed_by).toBeNull();
    expect(view.revisions.map((revision) => revision.author)).toEqual([null, null]);
    expect(view.corrections.map((correction) => correction.note)).toEqual(['The vote was 4-1.']);
    const published = parseStoredStory(view.published?.story);
    expect(published?.kind === 'json' && published.story.article.headline).toBe('Council adopts the water rate plan');
    const kept = await testDb(core).selectFrom('story_revisions').select(['author_id', 'story']).where('city_video_id', '=', video.id).execute();
    expect(kept).toHaveLength(2);
    expect(kept.every((revision) => revision.author_id === null && revision.story !== null)).toBe(true);
  });
});
