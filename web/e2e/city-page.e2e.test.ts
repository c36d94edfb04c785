import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkPage, useFreshPage } from './support/browser.js';

/**
 * The city page (spec §2 screen 6) of the demo cities: Fairview's meetings went through the
 * pipeline in global-setup.ts, Riverton's did not. Needs the City page.
 */
describe('the city page', () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it("shows the city's banner, its latest meetings with their links, Quick Info and Statistics", async () => {
    await page.goto('/city/fairview-ca');
    await page.getByRole('heading', { level: 1, name: /Fairview/ }).waitFor();
    await page.getByText('Foothill town, front-row civics.').first().waitFor();
    await page.getByText('Quick Info').first().waitFor();
    await page.getByText('Statistics').first().waitFor();

    const story = page.getByRole('link', { name: /View Story/ }).first();
    await story.waitFor();
    expect(await story.getAttribute('href')).toMatch(/^\/city\/fairview-ca\/meeting-story\/[^/]+$/);
    const analysis = page.getByRole('link', { name: /Analysis/ }).first();
    expect(await analysis.getAttribute('href')).toMatch(/^\/city\/fairview-ca\/meeting\/[^/]+$/);
    await checkPage(page, 'city-page');
  });

  it("says 'No videos available yet.' for a city without meetings and 'City Not Found' for an unknown one", async () => {
    await page.goto('/city/riverton-or');
    await page.getByText('No videos available yet.').waitFor();
    await checkPage(page, 'city-page-empty');

    await page.goto('/city/atlantis-zz');
    await page.getByText('City Not Found').first().waitFor();
    await checkPage(page, 'city-not-found');
  });
});
