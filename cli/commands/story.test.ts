import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core, CityVideo } from '../../core/index.js';
import { parseStoredStory, type NewsStory } from '../../core/domain/news-story.js';
import { NO_DRAFT, NOTE_NEEDS_PUBLISHED, STORY_CHANGED } from '../../core/domain/newsroom.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { captureOutput } from '../testing/capture-output.js';
import { describeDrafts, describeSaved, describeStoryView } from '../ui/newsroom-text.js';
import { processVideo, type VideoCommand } from './process-video.js';
import { approveStory, correctStory, editableOf, editDecision, editStory, listDrafts, resolveEditor, showStory } from './story.js';

const VIDEO = 'fvCC2026a01';
const EDITOR = 'editor@fairview.example';

function storyOf(stored: string | null | undefined): NewsStory {
  const parsed = parseStoredStory(stored);
  if (parsed?.kind !== 'json') throw new Error('no structured story');
  return parsed.story;
}

describe.each(TEST_ENGINES)('civic story show|edit|approve|decision|correct|drafts on %s', (engine) => {
  let core: Core;
  let video: CityVideo;

  async function run(command: VideoCommand, options: { force?: boolean; replaceEdited?: boolean } = {}): Promise<number> {
    const output = captureOutput();
    try {
      return await processVideo(core, command, VIDEO, { json: true, ...options });
    } finally {
      output.restore();
    }
  }

  const row = () => testDb(core).selectFrom('city_videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();

  /** The demo council meeting through `civic transcript`, `analyze` and `story <video>`, and an admin to edit it. */
  beforeEach(async () => {
    core = await createTestCore(engine);
    await core.databaseAdmin.seedDemo();
    const fairview = await testDb(core).selectFrom('cities').select('id').where('location_key', '=', 'fairview-ca').executeTakeFirstOrThrow();
    await core.functions.fetchYoutubeVideos({ url: 'fixture:fairview-city-council', cityId: fairview.id });
    for (const command of ['transcript', 'analyze', 'story'] as const) expect(await run(command)).toBe(0);
    video = await testDb(core).selectFrom('city_videos').selectAll().where('video_id', '=', VIDEO).executeTakeFirstOrThrow();
    await core.users.addUser({ email: EDITOR, admin: true });
  });
  afterEach(async () => {
    await core.close();
  });

  it('shows the story written by civic story <video>, its city review mode and the numbered decisions', async () => {
    const { view, decisions } = await showStory(core, `https://youtu.be/${VIDEO}`);
    expect(view).toMatchObject({ state: 'published', draft: null, city: { location_key: 'fairview-ca', story_review: false }, revisions: [] });
    expect(decisions?.length).toBeGreaterThan(0);
    const text = describeStoryView(view, decisions);
    expect(text).toContain(`(video ${VIDEO})`);
    expect(text).toContain('stories published at once');
    expect(text).toContain(`Headline:     ${storyOf(view.published?.story).article.headline}`);
    expect(text).toMatch(/Quote: [^✓]+\n +✓ verified at \d:\d\d:\d\d\n/);
    expect(text).toMatch(/\n {2}1\. \[\d:\d\d:\d\d\] /);
    expect(editableOf(view)).toMatchObject({ version: view.version, headline: storyOf(view.published?.story).article.headline });
  });

  it('edits the fields named as the admin given, keeping the others, and records the revision', async () => {
    const before = storyOf((await row()).news_story);
    const view = await editStory(core, VIDEO, { as: EDITOR, headline: 'Council advances the rezoning', fact: ['Vote: 4-1'], correctionNote: 'The vote was 4-1.' });
    const after = storyOf(view.published?.story);
    expect(after.article.headline).toBe('Council advances the rezoning');
    expect(after.sidebar_elements.quick_facts).toEqual(['Vote: 4-1']);
    expect(after.article.body).toBe(before.article.body);
    expect(after.sidebar_elements.quote_block).toEqual(before.sidebar_elements.quote_block);
    expect(view.revisions[0]).toMatchObject({ author: EDITOR, action: 'edited', target: 'published', changed: ['headline', 'quick_facts'] });
    expect(describeSaved(view)).toBe(
      `Saved the published story of "${video.title}" (${VIDEO}) as ${EDITOR}: headline, quick_facts, with the correction note "The vote was 4-1."; readers see it now`,
    );
    const history = describeStoryView(await core.newsroom.show(video.id), undefined).replace(/\s+/g, " ");
    expect(history).toContain(`${EDITOR} edited the published story: headline, quick_facts (correction note: “The vote was 4-1.”)`);
  });

  it('refuses a quote that is not in the transcript with core\'s words, an unknown video, a stale --from version and a missing editor, changing nothing', async () => {
    const stored = (await row()).news_story;
    await expect(editStory(core, VIDEO, { as: EDITOR, quote: 'We will lower every tax by half', attribution: 'Mayor' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'The quote is not in the transcript word for word: "We will lower every tax by half". Quote the meeting exactly, or put the words in the story as prose.',
    });
    await expect(editStory(core, 'nope', { as: EDITOR, headline: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Unknown video "nope" \(civic video show/) });
    await expect(editStory(core, VIDEO, { headline: 'X' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^Say who is editing: --as/) });
    await expect(approveStory(core, VIDEO, { as: EDITOR })).rejects.toMatchObject({ code: 'BAD_INPUT', message: NO_DRAFT });
    expect((await row()).news_story).toBe(stored);
    expect((await core.newsroom.show(video.id)).revisions).toEqual([]);

    // A --from file read before someone else's save is refused, whatever it changes.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-story-'));
    const file = path.join(dir, 'story.json');
    await fs.writeFile(file, JSON.stringify({ ...editableOf((await showStory(core, VIDEO)).view), headline: 'From the file' }));
    try {
      await editStory(core, VIDEO, { as: EDITOR, lede: 'Another editor got there first.' });
      await expect(editStory(core, VIDEO, { as: EDITOR, from: file })).rejects.toMatchObject({ code: 'CONFLICT', message: STORY_CHANGED });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(storyOf((await row()).news_story).article.headline).not.toBe('From the file');
  });

  it('writes the story again with --force only with --replace-edited once a person has edited it', async () => {
    await editStory(core, VIDEO, { as: EDITOR, headline: 'An editor\'s headline' });
    await expect(run('story', { force: true })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^A person edited this story \(civic story show fvCC2026a01 has its history\); add --replace-edited/) });
    expect(storyOf((await row()).news_story).article.headline).toBe('An editor\'s headline');
    expect(await run('story', { force: true, replaceEdited: true })).toBe(0);
    expect(storyOf((await row()).news_story).article.headline).not.toBe('An editor\'s headline');
    expect((await showStory(core, VIDEO)).view.revisions.map((revision) => revision.action)).toEqual(['edited', 'generated']);
  });

  it('names the editor by --as or CIVIC_EDITOR, and only an admin account', async () => {
    await core.users.addUser({ email: 'member@fairview.example' });
    expect(await resolveEditor(core, { as: ' Editor@Fairview.example ' })).toMatchObject({ email: EDITOR });
    expect(await resolveEditor({ ...core, config: { ...core.config, editor: EDITOR } }, {})).toMatchObject({ email: EDITOR });
    await expect(resolveEditor(core, { as: 'nobody@fairview.example' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^No account "nobody@fairview.example"/) });
    await expect(resolveEditor(core, { as: 'member@fairview.example' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^member@fairview.example is not an admin/) });
  });

  it('in a city that reviews stories: the rewritten story waits as a draft, is edited there, listed, then approved', async () => {
    await core.cities.updateCity('fairview-ca', { storyReview: 'review' });
    const published = (await row()).news_story;
    expect(await run('story', { force: true })).toBe(0);
    expect((await listDrafts(core)).map((draft) => draft.video_id)).toEqual([VIDEO]);
    expect(describeDrafts(await listDrafts(core))).toMatch(new RegExp(`^1 draft waiting for review, oldest first\\nVIDEO .+\\n${VIDEO} `));

    await expect(editStory(core, VIDEO, { as: EDITOR, headline: 'X', correctionNote: 'Too early' })).rejects.toThrow(NOTE_NEEDS_PUBLISHED);
    const edited = await editStory(core, VIDEO, { as: EDITOR, headline: 'Reviewed headline', quote: false });
    expect(edited.state).toBe('published_with_draft');
    expect(storyOf(edited.draft?.story)).toMatchObject({ article: { headline: 'Reviewed headline' }, sidebar_elements: { quote_block: null } });
    expect((await row()).news_story).toBe(published);
    expect(describeSaved(edited)).toMatch(/^Saved the draft of .+: headline, quote_block; readers see it once approved \(civic story approve fvCC2026a01\)$/);

    const approved = await approveStory(core, VIDEO, { as: EDITOR });
    expect(approved).toMatchObject({ state: 'published', draft: null, reviewed_by: EDITOR });
    expect(storyOf(approved.published?.story).article.headline).toBe('Reviewed headline');
    expect(await listDrafts(core)).toEqual([]);
    expect(describeDrafts([])).toBe('No drafts waiting for review');
  });

  it('edits decision n (counted from 1) and adds a correction note, refusing a number the meeting does not have', async () => {
    const { decisions } = await showStory(core, VIDEO);
    const count = decisions?.length ?? 0;
    await expect(editDecision(core, VIDEO, count + 1, { as: EDITOR, outcome: 'failed' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: `There is no decision ${count + 1}; the meeting has ${count} (civic story show ${VIDEO} numbers them)`,
    });
    const view = await editDecision(core, VIDEO, 1, { as: EDITOR, tally: { yes: 3, no: 2, abstain: null, absent: null }, correctionNote: 'The vote was 3-2.' });
    expect(view.revisions[0]).toMatchObject({ target: 'decisions', changed: ['decisions[0].tally'], correction_note: 'The vote was 3-2.' });
    expect((await showStory(core, VIDEO)).decisions?.[0]?.tally).toEqual({ yes: 3, no: 2, abstain: null, absent: null });
    expect(describeSaved(view)).toMatch(/^Saved the decisions of .+ as editor@fairview.example: decision 1: tally, with the correction note/);

    const corrected = await correctStory(core, VIDEO, { as: EDITOR, note: 'The hearing was on January 13.' });
    expect(corrected.corrections[0]?.note).toBe('The hearing was on January 13.');
    expect(describeSaved(corrected)).toBe(`Added a correction note to "${video.title}" (${VIDEO}) as ${EDITOR}: "The hearing was on January 13."`);
  });
});
