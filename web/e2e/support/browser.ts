import fs from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchBrowser } from './chromium.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
/** A desktop and a phone: every page is looked at in both. */
export const WIDTHS = [1280, 390] as const;

/**
 * A fresh context (own cookies and storage) on the site under test. Requests to anywhere else
 * are refused: the pages must work with no internet (thumbnails come from YouTube, for one).
 */
export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { baseUrl } = inject('e2e');
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: WIDTHS[0], height: 900 } });
  // Generous for a busy 2-core machine, yet a missing element fails the test well before its own timeout.
  context.setDefaultTimeout(15_000);
  await context.route('**/*', (route) => (route.request().url().startsWith(baseUrl) ? route.continue() : route.abort('blockedbyclient')));
  const page = await context.newPage();
  return { context, page };
}

// Run in the page (strings: this Node project has no DOM types).
const SETTLE_ANIMATIONS = `Promise.all(document.getAnimations()
  .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
  .map((animation) => animation.finished.catch(() => undefined)))`;
const NEXT_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/**
 * Waits for the finite animations running now (a toast or dialog fading in): halfway through a
 * fade, text has not reached its colour yet and axe would measure a contrast nobody sees.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(SETTLE_ANIMATIONS);
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe-core on ${page.url()}`).toEqual([]);
}

/** Full-page screenshots at each width into web/e2e/screenshots/<name>-<width>.png (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: WIDTHS[0], height: 900 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Let the layout settle at the new width before the picture.
    await page.evaluate(NEXT_FRAMES);
    await settleAnimations(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** What every visited page gets: the accessibility check and its screenshots. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await screenshot(page, name);
}

/**
 * Picks `option` in a labelled select: the browser's own (ui/select-field.tsx) takes it
 * directly; a Radix select opens its list from the trigger and the option is clicked.
 */
export async function chooseOption(combobox: Locator, option: string): Promise<void> {
  if ((await combobox.evaluate((element: { tagName: string }) => element.tagName)) === 'SELECT') {
    await combobox.selectOption({ label: option });
    return;
  }
  await combobox.click();
  await combobox.page().getByRole('option', { name: option, exact: true }).click();
}

/** The choice a native select shows. */
export async function chosenOption(select: Locator): Promise<string> {
  return select.evaluate((element: { selectedOptions: ArrayLike<{ textContent: string | null }> }) => element.selectedOptions[0]?.textContent ?? '');
}

/** Signs the context in through the API, as the auth page would (CSRF token from the session answer). */
export async function signInByApi(page: Page, user: { email: string; password: string }): Promise<void> {
  const session = await page.request.get('/api/auth/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const login = await page.request.post('/api/auth/login', { headers: { 'X-CSRF-Token': csrfToken }, data: user });
  expect(login.status(), await login.text()).toBe(200);
}

/** In the page: the document (this Node project has no DOM types). */
type PageGlobals = { document: { activeElement: unknown } };

/** Whether the element has the keyboard focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element: unknown) => element === (globalThis as unknown as PageGlobals).document.activeElement);
}

/** What the page says under a form field: the text of what its aria-describedby names (its hint and error). */
export async function saidUnder(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ').filter(Boolean) ?? [];
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** Presses Tab until `target` has the focus; fails after `max` presses (it is not reachable). */
export async function tabTo(page: Page, target: Locator, max = 30): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/**
 * For a describe block: one browser for its tests and a fresh context (own cookies, storage)
 * for each. Read `.page` inside a test or a later hook.
 */
export function useFreshPage(): { readonly page: Page } {
  let browser: Browser | undefined;
  let current: { context: BrowserContext; page: Page } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    current = await openPage(browser!);
  });
  afterEach(async () => {
    await current?.context.close();
    current = undefined;
  });
  return {
    get page() {
      if (!current) throw new Error('useFreshPage: the page exists only during a test');
      return current.page;
    },
  };
}
