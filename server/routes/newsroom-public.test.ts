import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_IN_REVIEW } from '../../core/domain/news-story.js';
import { editableStory } from '../../core/domain/newsroom.js';
import type { NewsStory } from '../../core/domain/news-story.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { seedResources, type ResourceFixtures } from '../testing/resource-fixtures.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

// A word no transcript, title or generated story holds: wherever it shows, the draft leaked.
const DRAFT_WORD = 'Quillbrook';
const DRAFT_HEADLINE = `${DRAFT_WORD} council repairs the Oak Street bridge`;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1] ?? '';

/**
 * Issue 24: in a city whose stories wait for an editor, a new story is a draft that no public
 * read carries (the meeting, the city's cards and figures, search, a shared link's preview)
 * until an editor approves it; a visitor who asks for the story is told it waits (202).
 */
describe.each(TEST_ENGINES)('a draft stays out of public reads on %s', (engine) => {
  let t: TestApp;
  let f: ResourceFixtures;
  let webDist: string;
  let visitor: TestAgent;
  let admin: TestAgent;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-newsroom-'));
    await fs.copyFile(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDist, 'index.html'));
    t = await createTestApp(engine, { app: { webDist } });
    f = await seedResources(t.core);
    visitor = await t.signedOutAgent();
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  /** Everything a visitor can read about the meeting, as one text to search for the draft. */
  async function publicReads(): Promise<{ video: Record<string, unknown>; card: Record<string, unknown>; stats: Record<string, unknown>; found: string[]; all: string; page: string }> {
    const video = (await visitor.get(`/api/videos/${f.video.id}`).expect(200)).body as Record<string, unknown>;
    const cards = (await visitor.get(`/api/cities/${f.fairview.location_key}/videos`).expect(200)).body as Record<string, unknown>[];
    const card = cards.find((one) => one.id === f.video.id) ?? {};
    const stats = (await visitor.get(`/api/cities/${f.fairview.location_key}/stats`).expect(200)).body as Record<string, unknown>;
    const search = (await visitor.get('/api/search').query({ q: 'meeting with transcript' }).expect(200)).body as { results: { id: string }[] };
    const page = (await visitor.get(`/story/${f.video.id}`).expect(200)).text;
    const cityPage = (await visitor.get(`/city/${f.fairview.location_key}/meeting-story/${f.video.id}`).expect(200)).text;
    return { video, card, stats, page, found: search.results.map((result) => result.id), all: JSON.stringify([video, cards, stats, search, titleOf(page), descriptionOf(page), titleOf(cityPage), descriptionOf(cityPage)]) };
  }

  it("turns the city's review on through the city update", async () => {
    const res = await admin.patch(`/api/admin/cities/${f.fairview.id}`).send({ story_review: true }).expect(200);
    expect(res.body).toMatchObject({ id: f.fairview.id, story_review: true });
    await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: f.video.id }).expect(200);
  });

  it("answers a visitor's request for the story 202 and keeps what was written as a draft", async () => {
    const res = await visitor.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id }).expect(202);
    expect(res.body).toEqual({ in_review: true, message: STORY_IN_REVIEW });
    const row = await t.db.selectFrom('city_videos').select(['news_story', 'draft_story']).where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(row.news_story).toBeNull();
    expect(JSON.parse(row.draft_story ?? 'null')).toMatchObject({ article: { headline: expect.any(String) } });
    // Asking again writes nothing new: the draft is the story, waiting.
    await visitor.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id }).expect(202);
    const again = await t.db.selectFrom('city_videos').select('draft_story').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(again.draft_story).toBe(row.draft_story);

    // An editor's headline, so the checks below can tell the draft from anything else on the page.
    const draft = JSON.parse(row.draft_story ?? '') as NewsStory;
    await admin.put(`/api/admin/videos/${f.video.id}/story`).send({ ...editableStory(draft), headline: DRAFT_HEADLINE }).expect(200);
  });

  it('keeps the draft out of the meeting, the city page, search and the link preview', async () => {
    const { video, card, stats, page, found, all } = await publicReads();
    expect(found).toContain(f.video.id);
    expect(all).not.toContain(DRAFT_WORD);
    expect(video).toMatchObject({ news_story: null, story_generated_at: null, story_record: { in_review: true, reviewed_at: null, corrections: [] } });
    expect(card).toMatchObject({ has_story: false, story_generated_at: null });
    expect(stats).toMatchObject({ with_story: 0 });
    expect(titleOf(page)).toMatch(/^Council meeting with transcript \| /);
    // Search does not read stories at all: a word only the draft holds finds nothing.
    const search = await visitor.get('/api/search').query({ q: DRAFT_WORD }).expect(200);
    expect(search.body).toMatchObject({ count: 0, results: [] });
    // The editors' queue has it.
    const drafts = await admin.get('/api/admin/drafts').expect(200);
    expect(drafts.body).toEqual([expect.objectContaining({ id: f.video.id, title: 'Council meeting with transcript', city: 'Fairview' })]);
  });

  it('publishes the draft once an editor approves it, marked reviewed', async () => {
    await visitor.post(`/api/admin/videos/${f.video.id}/story/approve`).expect(401);
    await admin.post(`/api/admin/videos/${f.video.id}/story/approve`).send({}).expect(200);
    const { video, card, stats, page } = await publicReads();
    expect(JSON.parse(String(video.news_story))).toMatchObject({ article: { headline: DRAFT_HEADLINE } });
    expect(video).toMatchObject({ story_generated_at: expect.any(String), story_record: { in_review: false, reviewed_at: expect.any(String) } });
    expect(card).toMatchObject({ has_story: true });
    expect(stats).toMatchObject({ with_story: 1 });
    expect(titleOf(page)).toMatch(new RegExp(`^${DRAFT_HEADLINE} \\| `));
    expect((await admin.get('/api/admin/drafts').expect(200)).body).toEqual([]);
  });

  it('keeps a regenerated story as a draft while readers keep the approved one', async () => {
    await admin.post('/api/functions/writeTranscriptStory').send({ recordId: f.video.id, replaceEdited: true }).expect(200);
    const { video, page } = await publicReads();
    // Still the approved text: the regenerated draft (the machine's own headline) is not shown.
    expect(JSON.parse(String(video.news_story))).toMatchObject({ article: { headline: DRAFT_HEADLINE } });
    expect(video).toMatchObject({ story_record: { in_review: true } });
    expect(titleOf(page)).toMatch(new RegExp(`^${DRAFT_HEADLINE} \\| `));
    const row = await t.db.selectFrom('city_videos').select('draft_story').where('id', '=', f.video.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.draft_story ?? 'null')).not.toMatchObject({ article: { headline: DRAFT_HEADLINE } });
  });
});
