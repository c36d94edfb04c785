import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { checkPage, chooseOption, chosenOption, useFreshPage } from './support/browser.js';

/**
 * The prototype pages (issue 16, spec §2 screen 18): sample data in the code, no role check,
 * and analytics events to our own POST /api/events only.
 */
describe('the prototype pages', () => {
  const { baseUrl } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  let requests: Request[];
  beforeEach(() => {
    page = fresh.page;
    requests = [];
    page.on('request', (request) => requests.push(request));
  });
  const isEvent = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/events';

  /** Waits for `count` events to reach /api/events, returns them in order, and checks nothing went anywhere else. */
  async function eventsSent(count: number): Promise<{ name: string; properties: Record<string, unknown> }[]> {
    await expect.poll(() => requests.filter(isEvent).length).toBe(count);
    const events = requests.filter(isEvent);
    for (const request of events) expect((await request.response())?.status()).toBe(202);
    expect(requests.filter((request) => !request.url().startsWith(baseUrl)).map((request) => request.url())).toEqual([]);
    return events.map((request) => request.postDataJSON() as { name: string; properties: Record<string, unknown> });
  }

  const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();

  it('prototype directory: search, category, letter, empty state and Clear all filters, with its events', async () => {
    await page.goto('/admin/proto/business-directory');
    await showing('Showing 20 of 20 businesses');
    expect(await page.getByRole('link', { name: 'List My Business' }).getAttribute('href')).toBe('/admin/proto/pricing');
    await checkPage(page, 'proto-directory');

    await page.getByPlaceholder('Search businesses, services, or descriptions...').fill('invisalign');
    await showing('Showing 1 of 20 businesses matching "invisalign"');
    await page.getByPlaceholder('Search businesses, services, or descriptions...').fill('');
    await chooseOption(page.getByRole('combobox', { name: 'Category' }), 'Pets');
    await showing('Showing 2 of 20 businesses in Pets');
    await page.getByRole('group', { name: 'Filter by first letter' }).getByRole('button', { name: 'Z', exact: true }).click();
    await showing('Showing 0 of 20 businesses in Pets starting with "Z"');
    await page.getByText('No businesses found matching your criteria.').waitFor();
    await checkPage(page, 'proto-directory-empty');
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await showing('Showing 20 of 20 businesses');
    expect(await chosenOption(page.getByRole('combobox', { name: 'Category' }))).toBe('All Categories');

    // A result's link is followed in a new tab; here the click is kept on the page, the event still counts.
    const call = page.getByRole('link', { name: /^Call/ }).first();
    await call.evaluate((link: { addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void }) =>
      link.addEventListener('click', (event) => event.preventDefault()),
    );
    await call.click();
    const names = (await eventsSent(4)).map((event) => event.name);
    expect(names).toEqual(['search_initiated', 'entity_filter_click', 'entity_filter_click', 'search_result_click']);
  });

  it('pricing: three plans, buttons that say they are not open yet, the tier previews', async () => {
    await page.goto('/admin/proto/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    for (const text of ['Basic Listing', 'Enhanced Listing', 'Premium Listing']) await page.getByRole('heading', { level: 2, name: text }).waitFor();
    await page.getByText('Most Popular', { exact: true }).waitFor();
    await page.getByText('$29', { exact: true }).waitFor();
    await page.getByText('$79', { exact: true }).waitFor();
    await page.getByText('Contact Us', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Get Started' }).count()).toBe(2);
    const sales = page.getByRole('button', { name: 'Contact Our Sales Team' });
    expect(await sales.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Contact Sales' }).hover();
    await page.getByText('Coming soon: sign-ups are not open yet.', { exact: true }).filter({ visible: true }).waitFor();
    // It looks and is announced disabled; forced, the click still goes nowhere.
    await page.getByRole('button', { name: 'Contact Sales' }).click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/admin/proto/pricing');
    expect(await page.getByTestId('preview-premium').getByRole('img', { name: 'Harbor Light Bakery logo' }).count()).toBe(1);
    expect(await page.getByTestId('preview-basic').getByText('Custom cakes').count()).toBe(0);
    await checkPage(page, 'proto-pricing');
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await page.waitForURL('**/admin/proto/business-directory');
    expect(await eventsSent(0)).toEqual([]);
  });

  it('newspaper mockup: demo tiers, higher tiers first, Featured services with +N more, trial and more-businesses figures', async () => {
    await page.goto('/admin/proto/business-directory-tiers');
    await page.getByRole('heading', { level: 1, name: 'Local Business Directory' }).waitFor();
    for (const price of ['$29/month', '$79/month', '$149/month']) await page.getByText(price, { exact: true }).waitFor();
    await page.getByText('23-day professional trial').waitFor();
    await page.getByText('…and 147 more businesses in the full directory.').waitFor();
    const cards = page.getByTestId('mockup-card');
    expect(await cards.count()).toBe(12);
    const names = await cards.getByRole('heading').allTextContents();
    expect(names.slice(0, 4)).toEqual(['Harbor Light Bakery', 'Lantern Law Group', 'Summit Family Dental', '4 Corners Hardware']);
    await cards.filter({ hasText: '4 Corners Hardware' }).getByText('+2 more').waitFor();
    await checkPage(page, 'proto-tiers');
  });

  it('components showcase: tabs by keyboard, each demo working, with its events', async () => {
    await page.goto('/admin/proto/frontend-components');
    const timelineTab = page.getByRole('tab', { name: 'Issue Timeline' });
    await timelineTab.waitFor();
    expect(await timelineTab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'School', exact: true }).click();
    await expect.poll(() => page.getByRole('tabpanel').locator('ol > li').count()).toBe(2);
    await checkPage(page, 'proto-components-timeline');

    await timelineTab.focus();
    await page.keyboard.press('ArrowRight');
    // The key's effect reaches the DOM after the press resolves: wait for it, never read at once.
    await page.getByRole('tab', { name: 'Search Interface', selected: true }).waitFor();
    const searchTab = page.getByRole('tab', { name: 'Search Interface' });
    await page.getByRole('searchbox', { name: 'Search meetings' }).fill('parking');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('2 results for "parking"').waitFor();
    await page.getByRole('button', { name: 'Council meeting: parking on Main Street' }).click();
    await page.getByText('Two-hour limits approved; meters rejected after public comment.').waitFor();
    await checkPage(page, 'proto-components-search');

    await searchTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Journalist Dashboard', selected: true }).waitFor();
    await page.getByRole('button', { name: /unverified/i }).click();
    await page.getByText(/Not found in the transcript, do not quote/).waitFor();
    await checkPage(page, 'proto-components-dashboard');

    const names = (await eventsSent(4)).map((event) => event.name);
    expect(names).toEqual(['entity_filter_click', 'search_initiated', 'search_result_click', 'entity_filter_click']);
  });
});
