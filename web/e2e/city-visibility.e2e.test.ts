import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { THROTTLED_CITY } from './global-setup.js';
import { checkPage, signInByApi, useFreshPage } from './support/browser.js';

/**
 * City status (issue 25) in the browser. Pinecrest (global-setup.ts) has status Test: a
 * visitor can neither reach it nor find it; an admin sees it everywhere, with its badge.
 */
describe('city status', () => {
  const fresh = useFreshPage();
  const { admin, fakeYoutube } = inject('e2e');
  const city = THROTTLED_CITY;
  const label = `${city.name}, ${city.state}`;
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  /** A word of the Test city's newest meeting title, read as the admin sees it. */
  async function wordOfHiddenMeeting(): Promise<string | null> {
    if (!fakeYoutube) return null;
    const res = await page.request.get(`/api/cities/${city.key}/videos?limit=1`);
    expect(res.status()).toBe(200);
    const [meeting] = (await res.json()) as { title: string | null }[];
    return meeting?.title?.split(/\W+/).find((word) => word.length > 4) ?? null;
  }

  it("keeps a Test city from a visitor: its page is a 404, it is in no picker, list or search", async () => {
    await signInByApi(page, admin);
    const word = await wordOfHiddenMeeting();
    await page.context().clearCookies();

    const shell = await page.goto(`/city/${city.key}`);
    expect(shell?.status()).toBe(404);
    await page.getByText('City Not Found').first().waitFor();

    await page.goto('/');
    await page.getByRole('combobox', { name: 'Find your city' }).click();
    await page.getByRole('option', { name: 'Fairview, CA' }).waitFor();
    expect(await page.getByRole('option', { name: label }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'browse all cities' }).click();
    await page.waitForURL('**/cities');
    await page.getByRole('link', { name: /Fairview, CA/ }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(label) }).count()).toBe(0);

    if (word) {
      await page.goto(`/search?q=${encodeURIComponent(word)}`);
      await page.getByRole('heading', { name: 'Search Results' }).waitFor();
      await page.getByText(/results? found|No results found/).first().waitFor();
      expect(await page.getByText(new RegExp(label)).count()).toBe(0);
    }
  });

  it('shows an admin the Test city with its badge: from the nav to the cities page and on to the city', async () => {
    await signInByApi(page, admin);
    const word = await wordOfHiddenMeeting();
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cities' }).click();
    await page.waitForURL('**/cities');
    await page.getByRole('heading', { level: 1, name: 'Cities' }).waitFor();
    const item = page.getByRole('link', { name: new RegExp(label) });
    await item.waitFor();
    await item.getByText('Test', { exact: true }).waitFor();
    await checkPage(page, 'cities');

    await item.click();
    await page.waitForURL(`**/city/${city.key}`);
    const banner = page.getByTestId('city-banner');
    await banner.getByRole('heading', { level: 1, name: label }).waitFor();
    await banner.getByText('Test', { exact: true }).waitFor();

    if (word) {
      await page.goto(`/search?q=${encodeURIComponent(word)}`);
      await page.getByText(new RegExp(label)).first().waitFor();
    }
  });
});
