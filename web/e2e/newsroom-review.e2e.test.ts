import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { STORY_IN_REVIEW } from '../../core/domain/newsroom.js';
import { REVIEW_CITY } from './global-setup.js';
import { checkPage, signInByApi, useFreshPage } from './support/browser.js';
import { installFakePlayer } from './support/fake-player.js';
import { becomeVisitor, cityMeetings, retitleDraft, sendJson, type MeetingCard } from './support/newsroom.js';

// Unique to this run: a word no transcript or generated story holds, so wherever it shows, the draft did.
const RUN = Date.now().toString(36);
const DRAFT_WORD = `Marrowgate${RUN}`;
const DRAFT_HEADLINE = `${DRAFT_WORD}: Harbor Bay council approves the park budget`;
const REPORT = `The park vote was 4-1, not 5-0 (${RUN}).`;
const NOTE = 'An earlier version said the park budget passed 5-0; the vote was 4-1.';
const REVIEWED = /; reviewed by an editor on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/;

const storyPath = (id: string) => `/city/${REVIEW_CITY.key}/meeting-story/${id}`;

/**
 * Issue 24 in the browser, on a city whose stories an editor reviews (global-setup.ts): the tests
 * run in order on one site and build on each other, as an editor's day would. Review is turned
 * on in City Management; a visitor never sees a draft (the story page, search); the editor sees
 * it under its banner on the story page and publishes it; the Admin Panel counts what waits; a
 * resolved error report's correction note reaches the story page.
 */
describe('the newsroom: review before publishing', () => {
  const { admin, baseUrl } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  /** The meeting with a published story (regenerated below), and one analysed with none. */
  let published: MeetingCard;
  let unwritten: MeetingCard;

  beforeAll(async () => {
    // Read before any test writes: the newest meeting is the one the setup wrote a story for.
    const meetings = await cityMeetings(baseUrl, REVIEW_CITY.key);
    expect(meetings).toHaveLength(REVIEW_CITY.meetings);
    published = meetings.find((meeting) => meeting.has_story)!;
    unwritten = meetings.find((meeting) => !meeting.has_story && meeting.has_analysis)!;
    expect(published && unwritten).toBeTruthy();
  });
  beforeEach(async () => {
    page = fresh.page;
    await installFakePlayer(page.context());
  });

  it("an editor sets the city to publish stories after an editor's review", async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/city-management');
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: `${REVIEW_CITY.name}, CA`, exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('combobox', { name: 'Publish stories' }).click();
    await page.getByRole('option', { name: "After an editor's review" }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('City updated successfully', { exact: true }).first().waitFor();
    await page.getByText("After an editor's review", { exact: true }).waitFor();
  });

  it("tells a visitor a new story waits for review and writes none they can read", async () => {
    await page.goto(storyPath(unwritten.id));
    await page.getByRole('heading', { level: 1, name: 'News Story' }).waitFor();
    // The page asked for the story by itself; the server kept it as a draft and said so (202).
    await page.getByText(STORY_IN_REVIEW, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate News Story' }).count()).toBe(0);
    expect(await page.locator('#story-headline').count()).toBe(0);
    await checkPage(page, 'newsroom-story-in-review');
  });

  it('keeps a regenerated story from visitors and search until the editor approves it on the story page', async () => {
    await signInByApi(page, admin);
    await page.goto(storyPath(published.id));
    const before = (await page.locator('#story-headline').textContent()) ?? '';
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Replace this story?' }).getByRole('button', { name: 'Replace story' }).click();
    await page.getByText('Draft saved for review', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Draft — not yet published' }).waitFor();
    await retitleDraft(page, published.id, DRAFT_HEADLINE);

    await becomeVisitor(page);
    await page.goto(storyPath(published.id));
    await page.getByRole('heading', { level: 2, name: before }).waitFor();
    expect(await page.getByText(DRAFT_WORD).count()).toBe(0);
    await page.goto(`/search?q=${DRAFT_WORD}`);
    await page.getByText('No results found', { exact: true }).waitFor();

    await signInByApi(page, admin);
    await page.goto(storyPath(published.id));
    const banner = page.getByRole('region', { name: 'Draft — not yet published' });
    await banner.getByText('Readers still see the published story until an editor approves this draft.').waitFor();
    await page.getByRole('heading', { level: 2, name: DRAFT_HEADLINE }).waitFor();
    expect(await banner.getByRole('link', { name: 'Edit in Story Manager' }).getAttribute('href')).toBe(`/admin/story-playground?videoId=${published.id}`);
    await checkPage(page, 'newsroom-draft-banner');
    await banner.getByRole('button', { name: 'Approve and publish' }).click();
    await page.getByText('Story published', { exact: true }).first().waitFor();
    await banner.waitFor({ state: 'detached' });

    await becomeVisitor(page);
    await page.goto(storyPath(published.id));
    await page.getByRole('heading', { level: 2, name: DRAFT_HEADLINE }).waitFor();
    await page.getByText(REVIEWED).waitFor();
  });

  it('shows the editors how many drafts wait, oldest first, each opening in the Story Manager', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin');
    const drafts = page.getByRole('region', { name: 'Drafts waiting for review' });
    await drafts.getByText(/^\d+ waiting$/).waitFor();
    const line = drafts.getByRole('listitem').filter({ has: page.locator(`a[href="/admin/story-playground?videoId=${unwritten.id}"]`) });
    await line.getByText(/Harbor Bay · waiting since/).waitFor();
    await checkPage(page, 'newsroom-admin-drafts');
  });

  it("publishes an editor's correction note with a resolved error report, on the story and meeting pages", async () => {
    await sendJson(page, 'POST', `/api/videos/${published.id}/error-reports`, { message: REPORT });
    await signInByApi(page, admin);
    await page.goto('/admin/error-reports');
    const report = page.getByRole('listitem').filter({ hasText: REPORT });
    await report.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve the report' });
    await dialog.getByLabel('Correction note (optional)').fill(NOTE);
    await checkPage(page, 'newsroom-resolve-with-note');
    await dialog.getByRole('button', { name: 'Publish note and resolve' }).click();
    await page.getByText('Report resolved', { exact: true }).first().waitFor();
    await report.waitFor({ state: 'detached' });

    await becomeVisitor(page);
    await page.goto(storyPath(published.id));
    const corrections = page.getByRole('region', { name: 'Corrections' });
    await corrections.getByText(NOTE, { exact: true }).waitFor();
    await page.getByText(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    await page.getByText(REVIEWED).waitFor();
    await checkPage(page, 'newsroom-story-corrections');

    await page.goto(`/city/${REVIEW_CITY.key}/meeting/${published.id}`);
    await page.getByRole('region', { name: 'Corrections' }).getByText(NOTE, { exact: true }).waitFor();
    await checkPage(page, 'newsroom-meeting-corrections');
  });
});
