import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { STORY_IN_REVIEW } from '../../core/domain/news-story.js';
import { REVIEW_CITY } from './global-setup.js';
import { checkPage, signInByApi, useFreshPage } from './support/browser.js';
import { installFakePlayer } from './support/fake-player.js';
import { becomeVisitor, cityMeetings, retitleDraft, sendJson } from './support/newsroom.js';

// Unique to this run: words no transcript or generated story holds, so wherever one shows, that draft did.
const RUN = Date.now().toString(36);
const FIRST_HEADLINE = `Harbor Bay council weighs the library hours (${RUN})`;
const SECOND_WORD = `Marrowgate${RUN}`;
const SECOND_HEADLINE = `${SECOND_WORD}: a rewrite nobody has approved`;
const REPORT = `The library vote was 3-2, not 4-1 (${RUN}).`;
const NOTE = 'An earlier version said the library hours passed 4-1; the vote was 3-2.';
const REVIEWED = /; reviewed by an editor on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/;

/**
 * Issue 24 in the browser, on a city whose stories an editor reviews (global-setup.ts: one
 * meeting, analysed, no story). The tests run in order on one site and build on each other, as
 * an editor's day would: review is turned on in City Management; a visitor's visit writes a
 * draft they never see; the editor publishes it from the story page; a regenerated draft stays
 * off the story page and search; the Admin Panel counts it; a resolved error report's
 * correction note reaches the story and meeting pages.
 */
describe('the newsroom: review before publishing', () => {
  const { admin, baseUrl } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  let meetingId = '';
  const storyPath = () => `/city/${REVIEW_CITY.key}/meeting-story/${meetingId}`;

  beforeAll(async () => {
    const meetings = await cityMeetings(baseUrl, REVIEW_CITY.key);
    expect(meetings.map((meeting) => [meeting.has_analysis, meeting.has_story])).toEqual([[true, false]]);
    meetingId = meetings[0]!.id;
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

  it('tells a visitor the story waits for review, and writes none they can read', async () => {
    await page.goto(storyPath());
    await page.getByRole('heading', { level: 1, name: 'News Story' }).waitFor();
    // The page asked for the story by itself; the server kept it as a draft and said so (202).
    await page.getByText(STORY_IN_REVIEW, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate News Story' }).count()).toBe(0);
    expect(await page.locator('#story-headline').count()).toBe(0);
    await checkPage(page, 'newsroom-story-in-review');
  });

  it('shows the editor the draft under its banner on the story page; once approved, visitors read it as reviewed', async () => {
    await signInByApi(page, admin);
    await retitleDraft(page, meetingId, FIRST_HEADLINE);
    await page.goto(storyPath());
    const banner = page.getByRole('region', { name: 'Draft — not yet published' });
    await banner.getByText("Readers see only a notice that this meeting's story is waiting for an editor's review.").waitFor();
    await page.getByRole('heading', { level: 2, name: FIRST_HEADLINE }).waitFor();
    expect(await banner.getByRole('link', { name: 'Edit in Story Manager' }).getAttribute('href')).toBe(`/admin/story-playground?videoId=${meetingId}`);
    await checkPage(page, 'newsroom-draft-banner');
    await banner.getByRole('button', { name: 'Approve and publish' }).click();
    await page.getByText('Story published', { exact: true }).first().waitFor();
    await banner.waitFor({ state: 'detached' });

    await becomeVisitor(page);
    await page.goto(storyPath());
    await page.getByRole('heading', { level: 2, name: FIRST_HEADLINE }).waitFor();
    await page.getByText(REVIEWED).waitFor();
  });

  it('keeps a regenerated story from visitors and search while it waits', async () => {
    await signInByApi(page, admin);
    await page.goto(storyPath());
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Replace this story?' }).getByRole('button', { name: 'Replace story' }).click();
    // The editor's headline made it a person's story: replacing it is asked once more.
    await page.getByRole('dialog', { name: 'Replace an edited story?' }).getByRole('button', { name: 'Replace edited story' }).click();
    await page.getByText('Draft saved for review', { exact: true }).first().waitFor();
    const banner = page.getByRole('region', { name: 'Draft — not yet published' });
    await banner.getByText('Readers still see the published story until an editor approves this draft.').waitFor();
    await retitleDraft(page, meetingId, SECOND_HEADLINE);

    await becomeVisitor(page);
    await page.goto(storyPath());
    await page.getByRole('heading', { level: 2, name: FIRST_HEADLINE }).waitFor();
    expect(await page.getByText(SECOND_WORD).count()).toBe(0);
    await page.goto(`/search?q=${SECOND_WORD}`);
    await page.getByText('No results found', { exact: true }).waitFor();
  });

  it('shows the editors how many drafts wait, each opening in the Story Manager', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin');
    const drafts = page.getByRole('region', { name: 'Drafts waiting for review' });
    await drafts.getByText(/^\d+ waiting$/).waitFor();
    const line = drafts.getByRole('listitem').filter({ has: page.locator(`a[href="/admin/story-playground?videoId=${meetingId}"]`) });
    await line.getByText(/Harbor Bay · waiting since/).waitFor();
    await checkPage(page, 'newsroom-admin-drafts');
  });

  it("publishes an editor's correction note with a resolved error report, on the story and meeting pages", async () => {
    await sendJson(page, 'POST', `/api/videos/${meetingId}/error-reports`, { message: REPORT });
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
    await page.goto(storyPath());
    await page.getByRole('region', { name: 'Corrections' }).getByText(NOTE, { exact: true }).waitFor();
    await page.getByText(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    await page.getByText(REVIEWED).waitFor();
    expect(await page.getByText(SECOND_WORD).count()).toBe(0);
    await checkPage(page, 'newsroom-story-corrections');

    await page.goto(`/city/${REVIEW_CITY.key}/meeting/${meetingId}`);
    await page.getByRole('region', { name: 'Corrections' }).getByText(NOTE, { exact: true }).waitFor();
    await checkPage(page, 'newsroom-meeting-corrections');
  });
});
