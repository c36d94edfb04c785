import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { DECIDED_MEETING } from './global-setup.js';
import { checkPage, isFocused, saidUnder, signInByApi, useFreshPage } from './support/browser.js';
import { installFakePlayer } from './support/fake-player.js';

// Unique to this run, so that a report left by an earlier file or run cannot be mistaken for it.
const MESSAGE = `The vote on the budget was 4-1, not 5-0 (${Date.now()}).`;

/** Issue 24: a visitor reports an error on a meeting page and an admin resolves it in the inbox. */
describe('reporting an error', () => {
  const { admin } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(async () => {
    page = fresh.page;
    await installFakePlayer(page.context());
  });

  it('a visitor reports a mistake at a moment; an admin opens it and resolves it', async () => {
    const { cityKey, videoId } = DECIDED_MEETING;
    await page.goto(`/city/${cityKey}/meeting/${videoId}?t=95`);
    await page.getByRole('button', { name: 'Report an error' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an error' });
    expect(await dialog.getByLabel('Moment in the video').inputValue()).toBe('1:35');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const message = dialog.getByLabel('What is wrong?');
    await expect.poll(() => saidUnder(message)).toBe('Please say what is wrong.');
    expect(await isFocused(message)).toBe(true);
    await message.fill(MESSAGE);
    await checkPage(page, 'report-error-form');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. An editor will look at it.', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await signInByApi(page, admin);
    await page.goto('/admin/error-reports');
    await page.getByRole('heading', { level: 1, name: 'Error Reports' }).waitFor();
    const report = page.getByRole('listitem').filter({ hasText: MESSAGE });
    await report.waitFor();
    expect(await report.getByRole('link', { name: 'Open the meeting at 1:35' }).getAttribute('href')).toMatch(new RegExp(`^/city/${cityKey}/meeting/[^/?]+\\?t=95$`));
    await checkPage(page, 'error-reports-inbox');
    await report.getByRole('button', { name: 'Resolve' }).click();
    // No correction note here (newsroom-review.e2e.test.ts publishes one).
    await page.getByRole('dialog', { name: 'Resolve the report' }).getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByText('Report resolved', { exact: true }).first().waitFor();
    await report.waitFor({ state: 'detached' });
  });
});
