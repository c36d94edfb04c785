import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { FAKE_CHANNEL_URL, THROTTLED_CITY } from './global-setup.js';
import { checkPage, signInByApi, tabTo, useFreshPage } from './support/browser.js';

const ADMIN_ROUTES = ['/admin', '/admin/city-management', '/admin/content-management', '/admin/story-playground', '/admin/error-reports'];
const REFUSAL = "You don't have permission to access the admin panel.";
// A city of this file's own: the shared demo cities stay as other files expect them.
const CITY = { name: 'Maple Ridge', county: 'Larch County' };
// The fake YouTube channel (global-setup.ts): Refresh videos and Fetch Transcript go through it.
const SOURCE = FAKE_CHANNEL_URL;
// What the fake caption server says in every video (core/testing/fake-youtube-captions.ts DEFAULT_CUES).
const CAPTION_TEXT = 'Good evening & welcome to the regular meeting of the city council.';
const ADMIN_API = ['/api/admin/cities', '/api/admin/pipeline', '/api/admin/videos', '/api/admin/error-reports'];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the admin screens on the seeded site', () => {
  const { admin, member, fakeYoutube } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  let pageErrors: string[];
  let consoleErrors: string[];
  beforeEach(() => {
    page = fresh.page;
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  // A screen that threw shows the error page instead: name the error rather than a missing heading.
  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  async function choose(combobox: Locator, option: string) {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('shows the Admin Panel with its screens and the pipeline', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor().catch(async (error: unknown) => {
      const text = await page.locator('main').textContent().catch(() => '(no main)');
      throw new Error(`${String(error)}\nurl: ${page.url()}\nmain: ${text}\npage errors: ${pageErrors.join('; ')}\nconsole: ${consoleErrors.join('; ')}`);
    });
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    expect(await Promise.all((await nav.getByRole('link').all()).map((link) => link.getAttribute('href')))).toEqual([
      '/admin/city-management',
      '/admin/content-management',
      '/admin/business-directory',
      '/admin/error-reports',
    ]);
    await page.getByRole('region', { name: 'Pipeline of Fairview, CA' }).waitFor();
    // The demo is analysed offline: its runs are named as the offline analyzer's, not as model calls.
    await page.getByText(/^All cities: \d+ videos, \d+ failed; last 30 days: \d+ offline analyzer runs?, no model called, \$0\.00$/).waitFor();
    await page.getByRole('region', { name: 'Pipeline of Fairview, CA' }).getByText(/^Last 30 days: \d+ offline analyzer runs?, no model called, \$0\.00$/).waitFor();
    await checkPage(page, 'admin-panel');
  });

  // Needs the fake YouTube (the real fixtures it replays): without it, skipped, as global-setup.ts says.
  it.skipIf(!fakeYoutube)('creates a city, adds and refreshes a source, then works a video through content management', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/city-management');
    await page.getByText('Please select a city to manage its details and URLs, or create a new city').waitFor();
    await checkPage(page, 'city-management-empty');

    await page.getByRole('button', { name: 'Create New City' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New City' });
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create City' }).click();
    await toast('Please fill in required fields');
    await dialog.getByLabel('Name').fill(CITY.name);
    await dialog.getByLabel('County').fill(CITY.county);
    expect(await dialog.getByLabel('State').inputValue()).toBe('CA');
    await checkPage(page, 'city-management-create');
    await dialog.getByRole('button', { name: 'Create City' }).click();
    await toast('City created successfully');
    // The new city is selected: its details panel is in view.
    await page.getByRole('heading', { name: 'City details' }).waitFor();
    await page.getByText('No URLs found for this city').waitFor();

    await page.getByRole('button', { name: 'Add URL' }).click();
    const row = page.getByRole('form', { name: 'New URL' });
    await row.getByLabel('URL').fill(SOURCE);
    // A YouTube address: the content type follows it (once the typed address is in).
    await expect.poll(() => row.getByLabel('Content type').textContent()).toContain('video');
    await row.getByLabel('Title').fill('Maple Ridge Council');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast('URL created successfully');

    await page.getByRole('button', { name: 'Refresh videos of Maple Ridge Council' }).click();
    await toast('Videos refreshed successfully');
    await page.getByRole('button', { name: /^Maple Ridge Council/, pressed: false }).click();
    await page.getByRole('heading', { name: 'Videos for Maple Ridge Council' }).waitFor();
    await page.getByText('No transcript').first().waitFor();
    await checkPage(page, 'city-management');

    await page.getByRole('link', { name: 'Manage content' }).click();
    await page.waitForURL(/\/admin\/content-management\?sourceUrlId=.+&cityId=.+/);
    await page.getByRole('heading', { name: `${CITY.name}, CA` }).waitFor();
    await page.getByRole('button', { name: 'Videos for Source' }).waitFor();
    await page.getByRole('list', { name: 'Videos' }).getByRole('button').first().click();
    await page.getByText('No transcript available').waitFor();

    await page.getByRole('button', { name: 'Fetch Transcript' }).click();
    await toast('Transcript fetched and saved successfully');
    // From the fake caption server, not a fixture file.
    await page.getByText(CAPTION_TEXT, { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Run Analysis' }).click();
    await toast('Analysis completed successfully');
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page.getByRole('button', { name: 'Generate Story' }).click();
    await toast('Story generated successfully');
    await page.getByText(/^Generated /).first().waitFor();
    await checkPage(page, 'content-management');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit video' });
    await edit.getByLabel('Transcript').fill('An edited transcript of the Maple Ridge council.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Video updated successfully');
    await page.getByText('An edited transcript of the Maple Ridge council.').waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this video?' });
    await confirm.getByRole('button', { name: 'Delete Video' }).click();
    await toast('Video deleted successfully');
    await page.getByText('Select a video to see its details.').waitFor();
  });

  it('runs the Story Manager end to end', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/story-playground');
    await page.getByRole('heading', { level: 1, name: 'Story Manager' }).waitFor();
    await page.getByText('Generate and manage news stories from meeting videos').waitFor();
    const source = page.getByRole('combobox', { name: 'Video source' });
    expect(await source.isDisabled()).toBe(true);
    await choose(page.getByRole('combobox', { name: 'City' }), 'Fairview, CA');
    // Enabled once the city's video sources have arrived.
    await page.locator('#story-source:enabled').waitFor();
    await page.getByRole('list', { name: 'Videos' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: 'Step 1: Run Analysis' }).waitFor();
    await page.getByRole('button', { name: 'Run Analysis' }).click();
    await toast('Analysis completed successfully');
    await page.getByRole('heading', { name: 'Key Highlights' }).waitFor();
    await page.getByLabel('Additional context for the writer').fill('Lead with the budget vote.');
    await page.getByRole('button', { name: 'Generate Story' }).click();
    await toast('Story generated successfully');
    const view = page.getByRole('link', { name: 'View Story Page' });
    expect(await view.getAttribute('href')).toMatch(/^\/story\/[0-9a-f-]{36}$/);
    await checkPage(page, 'story-manager');
    await view.click();
    await page.getByRole('heading', { level: 1, name: 'News Story' }).waitFor();
  });

  it('edits the city details with the keyboard alone', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/city-management');
    const city = page.getByRole('combobox', { name: 'City' });
    await tabTo(page, city);
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Riverton, OR' }).waitFor();
    await page.keyboard.type('Riverton');
    await page.keyboard.press('Enter');
    const editButton = page.getByRole('button', { name: 'Edit', exact: true });
    await tabTo(page, editButton);
    await page.keyboard.press('Enter');
    const tagLine = page.getByLabel('Tag line');
    await tabTo(page, tagLine);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('On the river since 1872');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await toast('City updated successfully');
    await page.getByText('On the river since 1872').waitFor();
  });

  it.skipIf(!fakeYoutube)('retries the transcripts that failed while YouTube throttled: one from the pipeline card, one from content management', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin');
    const city = page.getByRole('region', { name: `Pipeline of ${THROTTLED_CITY.name}, ${THROTTLED_CITY.state}` });
    const failures = city.getByRole('list', { name: `Failures in ${THROTTLED_CITY.name}` });
    const retries = failures.getByRole('button', { name: /^Retry transcript of / });
    await failures.getByText(/YouTube is throttling caption requests/).first().waitFor();
    await city.getByText(`${THROTTLED_CITY.failedVideos} failed`, { exact: true }).waitFor();
    expect(await retries.count()).toBe(THROTTLED_CITY.failedVideos);
    await checkPage(page, 'admin-panel-failure');
    const [first, second] = await Promise.all((await retries.all()).map(async (button) => ((await button.getAttribute('aria-label')) ?? '').replace('Retry transcript of ', '')));
    await failures.getByRole('button', { name: `Retry transcript of ${first}` }).click();
    await toast('Stage completed');
    // The card is read again: one failure left, one meeting transcribed.
    await city.getByText('1 failed', { exact: true }).waitFor();
    expect(await retries.count()).toBe(1);
    expect(await city.getByRole('definition').nth(1).textContent()).toBe('1');

    // The other from its video's stage list in Content Management.
    await page.goto('/admin/city-management');
    await choose(page.getByRole('combobox', { name: 'City' }), `${THROTTLED_CITY.name}, ${THROTTLED_CITY.state}`);
    await page.getByRole('button', { name: new RegExp(`^${THROTTLED_CITY.source}`), pressed: false }).click();
    await page.getByRole('link', { name: 'Manage content' }).click();
    await page.getByRole('list', { name: 'Videos' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(second ?? '')}`) }).click();
    const retry = page.getByRole('button', { name: `Retry transcript of ${second}` });
    await retry.waitFor();
    await page.getByText(/YouTube is throttling caption requests/).first().waitFor();
    await page.getByText(/^All time: (?:no model calls|\d+ (?:model calls?|offline analyzer runs?))\b/).waitFor();
    await checkPage(page, 'content-management-failure');
    await retry.click();
    await toast('Stage completed');
    await retry.waitFor({ state: 'detached' });
    await page.getByText(CAPTION_TEXT, { exact: false }).first().waitFor();

    await page.goto('/admin');
    await city.getByRole('definition').nth(1).filter({ hasText: /^2$/ }).waitFor();
    expect(await failures.count()).toBe(0);
  });

  /** Every admin screen shows the refusal, and every admin read answers `status`. */
  async function expectRefusedEverywhere(status: 401 | 403, screenshot: string) {
    for (const route of ADMIN_ROUTES) {
      await page.goto(route);
      await page.getByText(REFUSAL).waitFor();
    }
    await checkPage(page, screenshot);
    for (const path of ADMIN_API) expect((await page.request.get(path)).status(), path).toBe(status);
  }

  it('refuses visitors on every admin route, in the page and at the API', async () => {
    await expectRefusedEverywhere(401, 'admin-refused');
  });

  it('refuses a signed-in member on every admin route, in the page and at the API', async () => {
    await signInByApi(page, member);
    await page.goto('/');
    // Signed in, so the refusal is about the role.
    await page.getByRole('button', { name: `Account menu for ${member.email}` }).waitFor();
    await expectRefusedEverywhere(403, 'admin-refused-member');
    // Writes too, with the session's CSRF token.
    const { csrfToken } = (await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string };
    const headers = { 'X-CSRF-Token': csrfToken };
    expect((await page.request.post('/api/admin/cities', { headers, data: { name: 'Nope', county: 'Nope County' } })).status()).toBe(403);
    expect((await page.request.post('/api/functions/fetchYoutubeVideos', { headers, data: { url: SOURCE, cityId: '00000000-0000-4000-8000-000000000000' } })).status()).toBe(403);
  });

  it('keeps the Create New City dialog within a 1280x800 screen, its buttons in reach (issue 25)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, admin);
    await page.goto('/admin/city-management');
    await page.getByRole('button', { name: 'Create New City' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New City' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    for (const name of ['Create City', 'Cancel']) {
      const button = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
    }
    // The colour fields show the whole colour.
    const colour = dialog.getByLabel('Primary colour', { exact: true });
    // (The e2e files are compiled without the DOM types: the element is read by its two widths.)
    const widths = await colour.evaluate((input) => {
      const { scrollWidth, clientWidth } = input as unknown as { scrollWidth: number; clientWidth: number };
      return { scrollWidth, clientWidth };
    });
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
    await checkPage(page, 'create-city-dialog');
  });
});
