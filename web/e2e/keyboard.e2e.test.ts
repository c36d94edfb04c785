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
    // Arrow keys move through the open list; Enter chooses. Radix moves the focus a moment after
    // each key (in a timeout): wait for each move before the next press, never read at once.
    const focusedOption = () => page.evaluate('document.activeElement?.getAttribute("role") === "option" ? document.activeElement.textContent : ""');
    await expect.poll(focusedOption).not.toBe('');
    for (let presses = 0; presses < 10 && !(await isFocused(fairview)); presses++) {
      const from = await focusedOption();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedOption).not.toBe(from);
    }
    expect(await isFocused(fairview)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => picker.textContent()).toContain('Fairview, CA');
    await expect.poll(() => isFocused(picker)).toBe(true);

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
    await expect.poll(() => isFocused(page.locator('main'))).toBe(true);
  });
});
