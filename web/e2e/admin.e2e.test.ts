import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkPage, isFocused, signInByApi, useFreshPage } from './support/browser.js';

/** The administrator made with `civic user add --admin` (global-setup.ts) and their menu. */
describe("the admin's menu", () => {
  const { admin } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('opens from the keyboard with Profile, Admin Panel, Story Playground and Sign Out', async () => {
    await signInByApi(page, admin);
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: `Account menu for ${admin.email}` });
    await trigger.waitFor();
    expect(await trigger.textContent()).toBe('E2');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items.map((item) => item.trim())).toEqual(['Profile', 'Admin Panel', 'Story Playground', 'Sign Out']);
    await checkPage(page, 'admin-menu');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The focus goes back after the menu is gone, not with it.
    await expect.poll(() => isFocused(trigger)).toBe(true);
    // Signed in, every page but home has the navigation bar.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await checkPage(page, 'about-signed-in');
  });

  it('leads to the Admin Panel, and Sign Out ends the session and returns home', async () => {
    await signInByApi(page, admin);
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: `Account menu for ${admin.email}` });
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
  });
});
