import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, openPage } from './support/browser.js';
import { launchBrowser } from './support/chromium.js';
import { codeIn, confirmLinkIn, mailCount, nextMailTo } from './support/outbox.js';

/**
 * A member's whole life, in order (each step stands on the one before, in one browser
 * context): sign up with a password and a home city, confirm by the mailed link, sign in and
 * land on the home city, change it on the profile, sign out, sign in by a mailed code, and
 * delete the account. Needs the Auth and Profile pages (spec §2 screens 5 and 12).
 */
describe("a member's journey", () => {
  const email = `member-${Date.now()}@fairview.example`;
  const password = 'a long and memorable passphrase';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const accountMenu = () => page.getByRole('button', { name: `Account menu for ${email}` });
  const submit = (name: string) => page.getByRole('button', { name, exact: true });

  async function chooseOption(combobox: ReturnType<Page['getByRole']>, option: string): Promise<void> {
    await combobox.click();
    await page.getByRole('option', { name: option }).click();
  }

  it('signs up with a password and a home city, then is asked to confirm by email', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await chooseOption(page.getByRole('combobox', { name: /home city/i }), 'Fairview, CA');
    await checkPage(page, 'auth-signup');
    await submit('Sign Up').click();
    await page.getByText('Please check your email to confirm your account.').first().waitFor();
    await checkPage(page, 'auth-check-email');
  });

  it('confirms the address through the link in the outbox mail', async () => {
    const link = new URL(confirmLinkIn(await nextMailTo(email)));
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('confirm')).toMatch(/\S{20,}/);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Your email is confirmed').waitFor();
    await checkPage(page, 'auth-confirmed');
  });

  it('signs in with the password and is taken to the home city chosen at sign-up', async () => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit('Sign In').click();
    await page.getByText('You have successfully signed in.').first().waitFor();
    await accountMenu().waitFor();
    await page.goto('/');
    await page.waitForURL('**/city/fairview-ca');
  });

  it('changes the home city on the profile, and home follows it', async () => {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('User Information').waitFor();
    await expect.poll(() => page.getByLabel('Role').inputValue()).toBe('Member');
    await checkPage(page, 'profile');

    await chooseOption(page.getByRole('combobox', { name: 'City' }), 'Riverton, OR');
    await submit('Update Home City').click();
    await page.getByText('Home city updated successfully').waitFor();
    await page.goto('/');
    await page.waitForURL('**/city/riverton-or');
  });

  it('signs out and home is the landing page again', async () => {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('combobox', { name: 'Find your city' }).waitFor();
  });

  it('signs in with a code from the outbox', async () => {
    const before = await mailCount(email);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Use an email code instead' }).click();
    await page.getByLabel('Email').fill(email);
    await submit('Send Code').click();
    await page.getByText('Please check your email for the verification code.').first().waitFor();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const verify = submit('Verify Code');
    expect(await verify.isDisabled()).toBe(true);
    await checkPage(page, 'auth-code');

    await page.getByLabel('Verification code').fill(codeIn(await nextMailTo(email, before)));
    await verify.click();
    await page.getByText('You have successfully signed in.').first().waitFor();
    await accountMenu().waitFor();
  });

  it('deletes the account after confirming, and can no longer sign in', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await checkPage(page, 'profile-delete');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();

    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown; csrfToken: string };
    expect(session.user).toBeNull();
    const login = await page.request.post('/api/auth/login', { headers: { 'X-CSRF-Token': session.csrfToken }, data: { email, password } });
    expect(login.status()).toBe(401);
  });
});
