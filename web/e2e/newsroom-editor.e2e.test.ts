import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkPage, chooseOption, signInByApi, useFreshPage } from './support/browser.js';

/**
 * A demo meeting no other browser test reads or regenerates (the others use the newest meeting
 * and DECIDED_MEETING): the edits made here cannot change what they expect. Its offline analysis
 * records the water-rates resolution, passed 3-2.
 */
const MEETING = { videoId: 'fvCC2026a02', resolution: 'Resolution 2026-09' };
// Unique to this run, so nothing left by an earlier run can pass for it.
const STAMP = Date.now();
const HEADLINE = `Fairview council raises water rates after a long night (${STAMP})`;
const FACT = `Rates rise for three years starting July (${STAMP})`;
const NOTE = `An earlier version gave the wrong start date for the new rates (${STAMP}).`;
const DECISION_NOTE = `The resolution failed 2-3; an earlier version said it passed (${STAMP}).`;
const UNSAID = 'We will never raise water rates again, I promise every one of you';

interface StoryRecordAnswer {
  id: string;
  story_record?: { corrections: { note: string }[] };
}

/** Issue 24: an admin edits a story and a decision in the Story Manager; readers see the change. */
describe('the newsroom editor', () => {
  const { admin } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  async function editorView(id: string): Promise<{ version: string }> {
    const answer = await page.request.get(`/api/admin/videos/${id}/story`);
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { version: string };
  }

  it('edits the story and a decision with correction notes, refuses an unsaid quote live and on save, and readers see the edit', async () => {
    await signInByApi(page, admin);
    const meeting = (await (await page.request.get(`/api/videos/${MEETING.videoId}`)).json()) as StoryRecordAnswer;
    await page.goto(`/admin/story-playground?videoId=${meeting.id}`);
    await page.getByRole('heading', { name: 'Generated Story' }).waitFor();

    // The story: a new headline, a changed quick fact, and a note for readers.
    await page.getByRole('button', { name: 'Edit the story' }).click();
    const editor = page.getByRole('form', { name: 'Edit the story' });
    await editor.getByLabel('Headline').fill(HEADLINE);
    await editor.getByRole('textbox', { name: 'Quick fact 1' }).fill(FACT);
    await editor.getByLabel('Correction note').fill(NOTE);
    await editor.getByRole('button', { name: 'Save story' }).click();
    await toast('Story saved');
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: HEADLINE }).waitFor();

    // A decision: the resolution failed 2-3.
    const line = page.getByRole('list', { name: 'Decisions' }).getByRole('listitem').filter({ hasText: MEETING.resolution });
    await line.getByRole('button', { name: /^Edit decision / }).click();
    const decision = line.getByRole('form', { name: /^Edit decision / });
    await chooseOption(decision.getByRole('combobox', { name: 'Outcome' }), 'Failed');
    await decision.getByLabel('Yes', { exact: true }).fill('2');
    await decision.getByLabel('No', { exact: true }).fill('3');
    await decision.getByLabel('Correction note').fill(DECISION_NOTE);
    await checkPage(page, 'newsroom-decision-form');
    await decision.getByRole('button', { name: 'Save decision' }).click();
    await toast('Decision saved');
    await line.getByText(`${MEETING.resolution}`, { exact: false }).filter({ hasText: 'failed 2-3' }).waitFor();
    await page.getByRole('list', { name: 'Revisions' }).getByText(`Correction note: “${DECISION_NOTE}”`).waitFor();

    // A quote the meeting never said: refused as it is typed, and again by the server.
    const before = await editorView(meeting.id);
    await page.getByRole('button', { name: 'Edit the story' }).click();
    const addQuote = editor.getByRole('button', { name: 'Add a quote' });
    if (await addQuote.isVisible()) await addQuote.click();
    await editor.getByLabel('Said by').fill('Mayor Elena Ruiz');
    await editor.getByLabel('Words quoted').fill(UNSAID);
    await editor.getByText('Not found in the transcript word for word: saving will be refused.').waitFor();
    await checkPage(page, 'newsroom-editor');
    await editor.getByRole('button', { name: 'Save story' }).click();
    await toast('The story was not saved');
    await editor.getByRole('alert').getByText(/The quote is not in the transcript word for word/).waitFor();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    expect((await editorView(meeting.id)).version).toBe(before.version);

    // Readers: the story page has the new headline and fact, "Updated", the review and both
    // correction notes; the API carries the notes too.
    await page.goto(`/story/${meeting.id}`);
    await page.getByRole('heading', { name: HEADLINE }).waitFor();
    await page.getByText(FACT).first().waitFor();
    await page.getByText(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    await page.getByText(/; reviewed by an editor on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/).waitFor();
    await page.getByText(NOTE, { exact: true }).waitFor();
    await page.getByText(DECISION_NOTE, { exact: true }).waitFor();
    const read = (await (await page.request.get(`/api/videos/${meeting.id}`)).json()) as StoryRecordAnswer;
    expect(read.story_record?.corrections.map((correction) => correction.note)).toEqual(expect.arrayContaining([NOTE, DECISION_NOTE]));
  });
});
