import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkPage, tabTo, useFreshPage } from './support/browser.js';

/** The auth card (spec §2 screen 5) from the keyboard alone. Needs the Auth page. */
describe('the auth card', () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('is reached by Tab in the order email, password, submit, and submits with Enter', async () => {
    await page.goto('/auth');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await email.waitFor();
    await checkPage(page, 'auth');

    await tabTo(page, email);
    await page.keyboard.type('nobody@fairview.example');
    // Next in order: at most a show-password toggle may sit between the fields.
    await tabTo(page, password, 2);
    await page.keyboard.type('not the password at all');
    await tabTo(page, submit, 2);
    await page.keyboard.press('Enter');
    // A wrong password is the server's answer, shown under 'Error'.
    await page.getByText('Error', { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
