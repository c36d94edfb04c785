import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkPage, chooseOption, chosenOption, isFocused, saidUnder, settleAnimations, signInByApi, useFreshPage } from './support/browser.js';
import { confirmLinkIn, nextMailTo } from './support/outbox.js';

/**
 * The business directory (issue 14) on the seeded demo database: 53 listings in three cities,
 * from fixtures/demo/directory. Visitors filter and open listings; an admin manages them.
 */

/** A valid 1x1 PNG (the server reads an upload's bytes, so it must be a real image). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const count = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const cardNames = (page: Page) => page.getByTestId('listing-card').getByRole('heading').allTextContents();

describe('the public directory', () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('filters by parent and subcategory, letter (0-9 too) and text, all kept in the URL', async () => {
    await page.goto('/businesses');
    await page.getByRole('heading', { level: 1, name: 'Business Directory' }).waitFor();
    await count(page, '51 businesses');
    // Tier 1 first, then name (numbers in names in number order: 3 before 24).
    expect((await cardNames(page)).slice(0, 5)).toEqual(['3 Sisters Bakery', '24 Hour Iron Fitness', 'Fairview Hometown Realty', 'Fairview Veterinary Hospital', 'Siskin River Brewing & Pizza']);
    const food = page.getByRole('button', { name: /^Restaurants & Food/ });
    expect(await food.textContent()).toBe('Restaurants & FoodBakeries, Cafes, Food Trucks...');
    await checkPage(page, 'directory');

    const sub = page.getByRole('combobox', { name: 'Subcategory' });
    expect(await sub.isDisabled()).toBe(true);
    await chooseOption(page.getByRole('combobox', { name: 'Category', exact: true }), 'Restaurants & Food');
    await count(page, '11 businesses');
    expect(await sub.isDisabled()).toBe(false);
    await chooseOption(sub, 'Bakeries');
    await count(page, '3 businesses');
    expect(await cardNames(page)).toEqual(['3 Sisters Bakery', "Janelle's Cakes", 'Willow Creek Bakery']);
    expect(new URL(page.url()).search).toBe('?category=Restaurants+%26+Food&sub=Bakeries');
    // A new parent resets the subcategory.
    await chooseOption(page.getByRole('combobox', { name: 'Category', exact: true }), 'Retail');
    await count(page, '6 businesses');
    expect(await chosenOption(sub)).toBe('All subcategories');
    // Back returns to the bakeries.
    await page.goBack();
    await count(page, '3 businesses');

    await page.goto('/businesses');
    await page.getByRole('group', { name: 'Filter by first letter' }).getByRole('button', { name: '0-9', exact: true }).click();
    await count(page, '7 businesses');
    expect(await cardNames(page)).toEqual(['3 Sisters Bakery', '24 Hour Iron Fitness', '1st Call Plumbing & Rooter', '7th Street Auto', '5 Rivers Yoga', '88 Keys Music Studio', '101 Tacos']);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByPlaceholder('Search by name or description...').fill('SOURDOUGH');
    await count(page, '1 business');
    expect(await cardNames(page)).toEqual(['3 Sisters Bakery']);
    await page.getByPlaceholder('Search by name or description...').fill('no such business anywhere');
    await page.getByText('No businesses found matching your criteria.').waitFor();
    await checkPage(page, 'directory-empty');
  });

  it('shows cards by tier and opens a Premium listing in full', async () => {
    await page.goto('/city/fairview-ca/businesses?category=Restaurants+%26+Food&sub=Bakeries');
    await count(page, '2 businesses');
    const premium = page.getByTestId('listing-card').filter({ hasText: '3 Sisters Bakery' });
    const basic = page.getByTestId('listing-card').filter({ hasText: "Janelle's Cakes" });
    expect(await premium.getByText('Premium Listing').count()).toBe(1);
    expect(await basic.getByText('Basic Listing').count()).toBe(1);
    // Basic: no description, no buttons; Premium: image, links that open safely, full details.
    expect(await basic.getByRole('link').count()).toBe(0);
    for (const link of await premium.locator('a[target="_blank"]').all()) expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await premium.getByRole('link', { name: 'View Full Details' }).click();
    await page.waitForURL('**/city/fairview-ca/businesses/3-sisters-bakery');
    await page.getByRole('heading', { level: 1, name: '3 Sisters Bakery' }).waitFor();
    await page.getByText('Restaurants & Food › Bakeries').waitFor();
    const map = page.locator('iframe[title^="Map of"]');
    // Requests off the site are refused in tests (support/browser.ts): the map is asked for, never loaded.
    expect(await map.getAttribute('src')).toBe('https://maps.google.com/maps?q=214%20Main%20Street%2C%20Fairview%2C%20CA%2095960&z=15&output=embed');
    expect(await page.getByRole('link', { name: /^Visit website/ }).getAttribute('href')).toBe('https://threesistersbakery.example');
    await checkPage(page, 'business-detail');
  });

  it("says 'No address available' without an address, and shows the not-found view for an unknown key", async () => {
    await page.goto('/businesses/janelles-cakes');
    await page.getByRole('heading', { level: 1, name: "Janelle's Cakes" }).waitFor();
    await page.getByText('No address available').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await checkPage(page, 'business-detail-no-address');

    const response = await page.goto('/businesses/no-such-business');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Business Not Found' }).waitFor();
    await checkPage(page, 'business-not-found');
  });
});

describe('the Business Directory admin', () => {
  const { admin } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  it('pages through, filters by letter, city and name, and clears', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/business-directory');
    await showing('Showing 12 of 53 businesses');
    await checkPage(page, 'admin-directory');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Page 5' }).click();
    await showing('Showing 5 of 53 businesses');
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await showing('Showing 12 of 53 businesses');
    expect(await pagination.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');

    const letters = page.getByRole('group', { name: 'Filter by first letter' });
    await letters.getByRole('button', { name: 'G', exact: true }).click();
    await showing('Showing 2 of 2 businesses');
    // Clicking the active letter clears it, and the page is 1 again.
    await letters.getByRole('button', { name: 'G', exact: true }).click();
    await showing('Showing 12 of 53 businesses');
    expect(await pagination.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await chooseOption(page.getByRole('combobox', { name: 'City', exact: true }), 'Riverton, OR');
    await showing('Showing 12 of 14 businesses');
    await page.getByPlaceholder('Search businesses by name...').fill('hardware');
    await showing('Showing 1 of 1 businesses');
    await page.getByPlaceholder('Search businesses by name...').fill('zzz');
    await page.getByText('No businesses found matching your criteria.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await showing('Showing 12 of 53 businesses');
  });

  it('previews and edits a listing, uploads its image, and refuses a fake and an oversized image', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/business-directory');
    await page.getByPlaceholder('Search businesses by name...').fill('Grange Hall');
    await showing('Showing 1 of 1 businesses');

    await page.getByRole('button', { name: 'Preview Grange Hall Players' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Grange Hall Players' });
    await preview.getByText('Basic Listing').waitFor();
    await checkPage(page, 'admin-preview');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Grange Hall Players' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Business' });
    expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
    await dialog.getByLabel('Description').fill('Community theatre in the old Grange hall since 1952.');
    await chooseOption(dialog.getByRole('combobox', { name: 'Listing Tier' }), 'Standard Listing (Tier 2)');

    const file = dialog.locator('input[type="file"]');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'directory-e2e-'));
    try {
      // Text in a .png: the browser calls it image/png, the server reads the bytes and refuses it.
      const fake = path.join(dir, 'not-really.png');
      await fs.writeFile(fake, 'this is plain text, not an image\n');
      await file.setInputFiles(fake);
      await toast('Invalid file type');
      await toast('Please select an image file');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await toast('File too large');
    await toast('Please select an image smaller than 10MB');
    await file.setInputFiles({ name: 'Poster.PNG', mimeType: 'image/png', buffer: PNG });
    await toast('Image uploaded successfully');
    const preview64 = dialog.getByRole('img', { name: 'Grange Hall Players' });
    expect(await preview64.getAttribute('src')).toMatch(/^\/api\/storage\/business-images\/grange-hall-players-\d+\.png$/);
    await checkPage(page, 'admin-edit');

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Business updated successfully');
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('admin-listing-card').filter({ hasText: 'Grange Hall Players' });
    await card.getByText('Standard Listing').waitFor();
    await card.getByText('Community theatre in the old Grange hall since 1952.').waitFor();

    // The public directory shows it as a Standard card now, with its description.
    await page.goto('/businesses?q=grange+hall');
    const publicCard = page.getByTestId('listing-card').filter({ hasText: 'Grange Hall Players' });
    await publicCard.getByText('Community theatre in the old Grange hall since 1952.').waitFor();
    expect(await publicCard.getAttribute('data-tier')).toBe('Tier 2');
  });

  it('adds a listing and removes it after confirmation', async () => {
    await signInByApi(page, admin);
    await page.goto('/admin/business-directory');
    await showing('Showing 12 of 53 businesses');
    await page.getByRole('button', { name: 'Add Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Business' });
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await toast('Business name is required');
    // Said under the name too, which has the focus.
    const name = dialog.getByLabel('Business Name');
    expect(await saidUnder(name)).toBe('Business name is required');
    expect(await isFocused(name)).toBe(true);
    await name.fill('Zephyr Kite Shop');
    await chooseOption(dialog.getByRole('combobox', { name: 'City', exact: true }), 'Fairview, CA');
    await dialog.getByLabel('Website').fill('zephyrkites.example');
    await dialog.getByRole('button', { name: 'Add Business' }).click();
    await toast('Zephyr Kite Shop added to the directory');
    await showing('Showing 12 of 54 businesses');
    expect((await page.request.get('/api/businesses/zephyr-kite-shop')).status()).toBe(200);

    await page.getByPlaceholder('Search businesses by name...').fill('zephyr');
    await page.getByRole('button', { name: 'Remove Zephyr Kite Shop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Zephyr Kite Shop?' });
    await settleAnimations(page);
    await confirm.getByRole('button', { name: 'Remove Business' }).click();
    await toast('Zephyr Kite Shop removed from the directory');
    await page.getByText('No businesses found matching your criteria.', { exact: true }).waitFor();
    expect((await page.request.get('/api/businesses/zephyr-kite-shop')).status()).toBe(404);
  });

  it('is refused to a member, and to a visitor', async () => {
    await page.goto('/admin/business-directory');
    await page.getByText("You don't have permission to access the admin panel.").waitFor();

    const email = `directory-member-${Date.now()}@fairview.example`;
    const password = 'a member who is not staff';
    const session = (await (await page.request.get('/api/auth/session')).json()) as { csrfToken: string };
    const signup = await page.request.post('/api/auth/signup', { headers: { 'X-CSRF-Token': session.csrfToken }, data: { email, password } });
    expect(signup.status(), await signup.text()).toBeLessThan(300);
    const link = new URL(confirmLinkIn(await nextMailTo(email)));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Your email is confirmed').waitFor();
    await signInByApi(page, { email, password });
    await page.goto('/admin/business-directory');
    await page.getByText("You don't have permission to access the admin panel.").waitFor();
    expect(await page.getByTestId('admin-listing-card').count()).toBe(0);
    expect((await page.request.get('/api/admin/businesses')).status()).toBe(403);
    await checkPage(page, 'admin-directory-refused');
  });
});
