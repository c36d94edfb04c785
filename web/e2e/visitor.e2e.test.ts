import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkPage, isFocused, saidUnder, useFreshPage } from './support/browser.js';

/** A visitor (never signed in): home, the demo city, a coverage request, contact, about, privacy, 404. */
describe("a visitor's journey", () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('goes from the home page to the demo city with the city picker', async () => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Know what your city decided, and why.');
    for (const blurb of ['Transparency', 'Engagement', 'Community']) await page.getByRole('heading', { name: blurb }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    const go = page.getByRole('button', { name: 'Go to My City' });
    expect(await go.isDisabled()).toBe(true);
    await checkPage(page, 'home');

    await page.getByRole('combobox', { name: 'Find your city' }).click();
    await page.getByRole('option', { name: 'Fairview, CA' }).click();
    await go.click();
    await page.waitForURL('**/city/fairview-ca');
    // The server described the city for link previews before the app took over.
    const shell = await page.request.get('/city/fairview-ca');
    expect(await shell.text()).toContain('<meta property="og:title" content="Fairview, CA | Town Crier" />');
    await page.getByRole('contentinfo').waitFor();
    await checkPage(page, 'city');
  });

  it("asks for a city's coverage from 'Other': Notify Me only once the form is complete", async () => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Find your city' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request City Coverage' });
    await dialog.waitFor();
    const notify = dialog.getByRole('button', { name: 'Notify Me' });
    expect(await notify.isDisabled()).toBe(true);

    await dialog.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Oregon' }).click();
    await dialog.getByLabel('City Name').fill('Bend');
    expect(await notify.isDisabled()).toBe(true);
    await dialog.getByLabel('Email').fill('resident@bend.example');
    await checkPage(page, 'request-city');
    await expect.poll(() => notify.isDisabled()).toBe(false);
    await notify.click();

    await page.getByText('Request Received!').waitFor();
    await page.getByText("We've received your request. We'll notify you when we add coverage for your city.").waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The form starts empty when opened again.
    await page.getByRole('combobox', { name: 'Find your city' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    expect(await dialog.getByLabel('City Name').inputValue()).toBe('');
  });

  it('sends the contact form only with its required fields; the phone is optional', async () => {
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    // Each missing field says so under it, the first has the focus, and the toast says it once more.
    await expect.poll(() => page.getByText('Please fill in all required fields.').count()).toBe(4);
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await saidUnder(email)).toBe('Please fill in all required fields.');
    expect(await page.getByLabel('Message').getAttribute('aria-invalid')).toBe('true');
    expect(await saidUnder(page.getByLabel('Message'))).toBe('Please fill in all required fields.');
    expect(await isFocused(email)).toBe(true);
    await checkPage(page, 'contact');

    await email.fill('resident');
    await send.click();
    await expect.poll(() => saidUnder(email)).toBe('Please enter a valid email address.');
    await email.fill('resident@fairview.example');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'General Inquiry' }).click();
    await page.getByLabel('Message').fill('When is the next council meeting about the Oak Street bridge?');
    await send.click();
    await page.getByText("Your message has been sent successfully. We'll get back to you soon.").waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
  });

  it('reads the about and privacy pages', async () => {
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkPage(page, 'about');
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkPage(page, 'privacy');
  });

  it("shows 'Oops! Page not found' for an unknown path, answered 404 like an unknown city", async () => {
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await checkPage(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const response = await page.goto('/city/atlantis-zz');
    expect(response?.status()).toBe(404);
    await page.locator('#root').waitFor({ state: 'attached' });
  });
});
