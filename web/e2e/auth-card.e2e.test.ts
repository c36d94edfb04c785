import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkPage, tabTo, useFreshPage } from './support/browser.js';
import { confirmLinkIn, mailCount, nextMailTo, resetLinkIn } from './support/outbox.js';

/** A confirmed account of the test's own (signed up and confirmed through the API and the outbox). */
async function confirmedAccount(page: Page, email: string, password: string): Promise<void> {
  const session = await page.request.get('/api/auth/session');
  const headers = { 'X-CSRF-Token': ((await session.json()) as { csrfToken: string }).csrfToken };
  expect((await page.request.post('/api/auth/signup', { headers, data: { email, password } })).status()).toBe(200);
  const token = new URL(confirmLinkIn(await nextMailTo(email))).searchParams.get('confirm');
  expect((await page.request.post('/api/auth/confirm', { headers, data: { token } })).status()).toBe(200);
}

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

  it('sets a new password through "Forgot your password?" and the mailed link, then signs in with it', async () => {
    const email = `forgetful-${Date.now()}@fairview.example`;
    const fresh = 'a brand new winter passphrase';
    await confirmedAccount(page, email, 'the password now forgotten');
    const before = await mailCount(email);

    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await checkPage(page, 'auth-forgot');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account uses this address, we sent it a link to set a new password.').waitFor();
    await checkPage(page, 'auth-forgot-sent');

    const link = new URL(resetLinkIn(await nextMailTo(email, before)));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await checkPage(page, 'auth-reset');
    await page.getByLabel('New password').fill(fresh);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('status').getByText('Your password is changed. Sign in with your new password.').waitFor();
    await checkPage(page, 'auth-reset-done');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('You have successfully signed in.').first().waitFor();
  });

  it('takes digits only in the code box, on a numeric keypad, and says so for letters (issue 25)', async () => {
    // The account first, then the page: the page's own session request would otherwise race the
    // test's, and the CSRF token read here could belong to the session the page's answer replaced.
    const email = `code-box-${Date.now()}@example.org`;
    await confirmedAccount(page, email, 'a code box that takes digits');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Use an email code instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const box = page.getByLabel('Verification code');
    await box.waitFor();
    expect(await box.getAttribute('inputmode')).toBe('numeric');
    await box.pressSequentially('12a');
    expect(await box.inputValue()).toBe('12');
    await page.getByRole('alert').filter({ hasText: 'The code is digits only' }).waitFor();
    await checkPage(page, 'auth-code-letters');
    await box.pressSequentially('3');
    expect(await box.inputValue()).toBe('123');
  });
});
