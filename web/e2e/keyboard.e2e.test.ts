import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { isFocused, tabTo, useFreshPage } from './support/browser.js';

describe('keyboard-only use', () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('chooses a city on the home page and goes to it without a mouse', async () => {
    await page.goto('/');
    const picker = page.getByRole('combobox', { name: 'Find your city' });
    await picker.waitFor();
    await page.getByRole('option').first().waitFor({ state: 'detached' });
    await tabTo(page, picker);

    await page.keyboard.press('Enter');
    const fairview = page.getByRole('option', { name: 'Fairview, CA' });
    await fairview.waitFor();
    // Arrow keys move through the open list; Enter chooses.
    for (let presses = 0; presses < 10 && !(await isFocused(fairview)); presses++) await page.keyboard.press('ArrowDown');
    expect(await isFocused(fairview)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await picker.textContent()).toContain('Fairview, CA');
    expect(await isFocused(picker)).toBe(true);

    const go = page.getByRole('button', { name: 'Go to My City' });
    expect(await tabTo(page, go, 1)).toBe(1);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/city/fairview-ca');
  });

  it('reaches a visible skip link first, and it moves the focus to the page', async () => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Find your city' }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await tabTo(page, skip, 1)).toBe(1);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.locator('main'))).toBe(true);
  });
});
