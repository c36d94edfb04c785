import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CityVideo } from '../db/schema.js';
import { analysisResultsSchema } from '../domain/analysis.js';
import { parseStoredStory, type NewsStory } from '../domain/news-story.js';
import {
  EDITED_STORY_REGENERATE,
  editableStory,
  NO_DRAFT,
  NOTE_NEEDS_PUBLISHED,
  NOTHING_CHANGED,
  STORY_CHANGED,
  type NewsroomView,
} from '../domain/newsroom.js';
import type { Core } from '../index.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { createLocalAnalyzer } from '../adapters/local-model.js';
import { EDITED_STORY_KEPT, writeStoryStage } from '../pipeline/stages/story.js';
import { findVideoWithCity } from '../db/repositories/stage-videos.js';

function storyOf(text: string | null | undefined): NewsStory {
  const parsed = parseStoredStory(text);
  if (parsed?.kind !== 'json') throw new Error('no structured story');
  return parsed.story;
}

const publishedStory = (view: NewsroomView) => storyOf(view.published?.story);

describe.each(TEST_ENGINES)('newsroom service on %s', (engine) => {
  let core: Core;
  let video: CityVideo;
  let editor: string;

  /** A demo meeting taken through transcript, analysis and story by the offline analyzer. */
  beforeEach(async () => {
    core = await createTestCore(engine);
    await core.databaseAdmin.seedDemo();
    const fairview = await testDb(core).selectFrom('cities').selectAll().where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
    await core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id });
    await core.functions.fetchYoutubeTranscript({ videoId: 'fvCC2026a01' });
    video = await testDb(core).selectFrom('city_videos').selectAll().where('video_id', '=', 'fvCC2026a01').executeTakeFirstOrThrow();
    await core.functions.analyzeVideoTranscript({ recordId: video.id });
    await core.functions.writeTranscriptStory({ recordId: video.id });
    editor = (await testDb(core).insertInto('users').values({ email: 'editor@example.org', password_hash: null }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    await core.close();
  });

  it('edits the published story: the change is public at once, reviewed, with a revision and the machine text kept', async () => {
    const before = await core.newsroom.show(video.id);
    expect(before.state).toBe('published');
    const fields = editableStory(publishedStory(before));
    const after = await core.newsroom.editStory(video.video_id, editor, {
      ...fields,
      version: before.version,
      headline: 'Council adopts the water rate plan',
      correction_note: 'An earlier version gave the wrong vote count.',
    });
    expect(publishedStory(after).article.headline).toBe('Council adopts the water rate plan');
    expect(after).toMatchObject({ state: 'published', reviewed_by: 'editor@example.org', corrections: [{ note: 'An earlier version gave the wrong vote count.' }] });
    expect(after.updated_at).not.toBeNull();
    expect(after.revisions.map((revision) => [revision.action, revision.target, revision.author, revision.changed])).toEqual([
      ['edited', 'published', 'editor@example.org', ['headline']],
      ['generated', 'published', null, []],
    ]);
    const record = await core.newsroom.publicRecord(await testDb(core).selectFrom('city_videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow());
    expect(record).toMatchObject({ in_review: false, corrections: [{ note: 'An earlier version gave the wrong vote count.' }] });
    expect(record.reviewed_at).not.toBeNull();

    // A save over a version that is no longer current is refused and changes nothing.
    await expect(core.newsroom.editStory(video.id, editor, { ...fields, version: before.version, headline: 'Stale' })).rejects.toThrow(STORY_CHANGED);
    await expect(core.newsroom.editStory(video.id, editor, { ...editableStory(publishedStory(after)) })).rejects.toThrow(NOTHING_CHANGED);
    expect(publishedStory(await core.newsroom.show(video.id)).article.headline).toBe('Council adopts the water rate plan');
  });

  it('a forced batch rewrite skips a story a person edited unless told to replace it', async () => {
    const fields = editableStory(publishedStory(await core.newsroom.show(video.id)));
    await core.newsroom.editStory(video.id, editor, { ...fields, headline: 'Kept by the editor' });
    const deps = { db: testDb(core), analyzer: createLocalAnalyzer() };
    const edited = (await findVideoWithCity(testDb(core), video.id))!;
    expect(await writeStoryStage(deps, edited, { force: true })).toEqual({ outcome: 'skipped', reason: EDITED_STORY_KEPT });
    expect(publishedStory(await core.newsroom.show(video.id)).article.headline).toBe('Kept by the editor');
    expect(await writeStoryStage(deps, edited, { force: true, replaceEdited: true })).toEqual({ outcome: 'done' });
    const view = await core.newsroom.show(video.id);
    expect(publishedStory(view).article.headline).not.toBe('Kept by the editor');
    expect(view).toMatchObject({ edited_at: null, reviewed_at: null });
    // The edited text stays in the history.
    expect(view.revisions[0]).toMatchObject({ action: 'edited', changed: ['headline'] });
  });

  it('refuses a quote that is not in the transcript, and takes one that is, with its second', async () => {
    const view = await core.newsroom.show(video.id);
    const fields = editableStory(publishedStory(view));
    const invented = { ...fields, quote_block: { quote: 'We will lower every tax by half next year', attribution: 'Mayor', context: '' } };
    await expect(core.newsroom.editStory(video.id, editor, invented)).rejects.toThrow(/not in the transcript word for word/);
    await expect(core.newsroom.editStory(video.id, editor, { ...fields, body: `${fields.body}\n\nThe mayor said "we will lower every tax by half".` })).rejects.toThrow(
      /is in quotation marks but not in the transcript/,
    );

    const segments = await testDb(core).selectFrom('transcript_segments').select(['text', 'start_ms']).where('city_video_id', '=', video.id).orderBy('seq').execute();
    const segment = segments.find((one) => one.start_ms > 60_000 && one.text.split(/\s+/).length >= 10);
    if (!segment) throw new Error('the demo meeting has long segments');
    const words = segment.text.split(/\s+/).slice(0, 8).join(' ');
    const saved = await core.newsroom.editStory(video.id, editor, { ...fields, quote_block: { quote: words, attribution: 'A speaker', context: 'During the hearing' } });
    expect(publishedStory(saved).sidebar_elements.quote_block).toMatchObject({ quote: words, verification_status: 'verified', start_ms: segment.start_ms });
  });

  it('edits a decision: outcome and tally change, the evidence stays, and the first edit keeps the analysis as written', async () => {
    const analysis = analysisResultsSchema.parse(
      (await testDb(core).selectFrom('city_videos').select('analysis_results').where('id', '=', video.id).executeTakeFirstOrThrow()).analysis_results,
    );
    const decision = analysis.decisions?.[0];
    expect(decision).toBeDefined();
    if (!decision) return;
    const view = await core.newsroom.editDecision(video.id, editor, {
      index: 0,
      item: 'The water rate plan',
      item_number: 'Item 7A',
      outcome: 'failed',
      tally: { yes: 2, no: 3, abstain: null, absent: null },
      vote_kind: 'roll_call',
      correction_note: 'The motion failed 2-3; an earlier version said it passed.',
    });
    const stored = analysisResultsSchema.parse(
      (await testDb(core).selectFrom('city_videos').select('analysis_results').where('id', '=', video.id).executeTakeFirstOrThrow()).analysis_results,
    );
    expect(stored.decisions?.[0]).toMatchObject({ item: 'The water rate plan', item_number: 'Item 7A', outcome: 'failed', tally: { yes: 2, no: 3 }, evidence: decision.evidence });
    expect(view.revisions.map((revision) => [revision.action, revision.target])).toEqual([
      ['edited', 'decisions'],
      ['generated', 'decisions'],
    ]);
    expect(view.revisions[0]?.changed).toEqual(expect.arrayContaining(['decisions[0].outcome', 'decisions[0].tally', 'decisions[0].item']));
    expect(view.corrections[0]?.note).toMatch(/failed 2-3/);
    await expect(core.newsroom.editDecision(video.id, editor, { ...view, index: 99, item: null, item_number: null, outcome: 'passed', tally: null, vote_kind: null })).rejects.toThrow();
    await expect(
      core.newsroom.editDecision(video.id, editor, { index: 99, item: null, item_number: null, outcome: 'passed', tally: null, vote_kind: null }),
    ).rejects.toThrow(/There is no decision 100/);

    // A new analysis keeps the editor's decisions.
    await core.functions.analyzeVideoTranscript({ recordId: video.id, force: true });
    const reanalysed = analysisResultsSchema.parse(
      (await testDb(core).selectFrom('city_videos').select('analysis_results').where('id', '=', video.id).executeTakeFirstOrThrow()).analysis_results,
    );
    expect(reanalysed.decisions?.[0]).toMatchObject({ item: 'The water rate plan', outcome: 'failed', tally: { yes: 2, no: 3 } });
  });

  it('in a city that reviews stories, a regenerated story is a draft the public never sees until approved', async () => {
    await testDb(core).updateTable('cities').set({ story_review: true }).where('id', '=', video.city_id).execute();
    const published = (await core.newsroom.show(video.id)).published?.story;
    const fields = editableStory(storyOf(published));
    await core.newsroom.editStory(video.id, editor, { ...fields, headline: 'Edited by a person' });

    // Regenerating over a person's edit asks first.
    await expect(core.functions.writeTranscriptStory({ recordId: video.id, force: true })).rejects.toThrow(EDITED_STORY_REGENERATE);
    const written = await core.functions.writeTranscriptStory({ recordId: video.id, force: true, replaceEdited: true });
    expect(written.draft).toBe(true);

    const row = await testDb(core).selectFrom('city_videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(storyOf(row.news_story).article.headline).toBe('Edited by a person');
    expect(await core.newsroom.publicRecord(row)).toMatchObject({ in_review: true });
    expect(await core.newsroom.drafts()).toEqual([expect.objectContaining({ id: video.id, video_id: 'fvCC2026a01', city: 'Fairview' })]);

    const view = await core.newsroom.show(video.id);
    expect(view.state).toBe('published_with_draft');
    // A correction note belongs to what readers saw, not to a draft.
    await expect(core.newsroom.editStory(video.id, editor, { ...editableStory(storyOf(view.draft?.story)), headline: 'Draft headline', correction_note: 'x' })).rejects.toThrow(
      NOTE_NEEDS_PUBLISHED,
    );
    await core.newsroom.editStory(video.id, editor, { ...editableStory(storyOf(view.draft?.story)), headline: 'Draft headline' });
    const approved = await core.newsroom.approve(video.id, editor);
    expect(approved.state).toBe('published');
    expect(publishedStory(approved).article.headline).toBe('Draft headline');
    expect(approved.revisions.map((revision) => [revision.action, revision.target])).toEqual([
      ['approved', 'published'],
      ['edited', 'draft'],
      ['generated', 'draft'],
      ['edited', 'published'],
      ['generated', 'published'],
    ]);
    expect(await core.newsroom.drafts()).toEqual([]);
    await expect(core.newsroom.approve(video.id, editor)).rejects.toThrow(NO_DRAFT);
  });
});
