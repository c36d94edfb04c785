import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseTranscriptFile } from '../../core/domain/transcript-formats.js';
import { DECIDED_MEETING } from './global-setup.js';
import { checkPage, screenshot, useFreshPage } from './support/browser.js';

const { cityKey, videoId } = DECIDED_MEETING;

/** Clicks a download link and reads what the browser saved, with the name it suggested. */
async function download(page: Page, name: RegExp): Promise<{ filename: string; text: string }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const file = await saved.path();
  return { filename: saved.suggestedFilename(), text: await fs.readFile(file, 'utf8') };
}

/** Issue 27's downloads as a resident meets them: on the meeting page and the city page. */
describe('downloads', () => {
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it("saves the meeting's captions, which read back to the transcript the page shows, and its decisions as JSON", async () => {
    await page.goto(`/city/${cityKey}/meeting/${videoId}`);
    const downloads = page.getByRole('region', { name: 'Download' });
    await downloads.waitFor();
    await downloads.scrollIntoViewIfNeeded();
    await screenshot(page, 'meeting-downloads');

    const vtt = await download(page, /Captions \(WebVTT\)/);
    expect(vtt.filename).toMatch(/^fairview-ca-.+\.vtt$/);
    const shown = (await (await page.request.get(`/api/videos/${videoId}/segments`)).json()) as { segments: unknown[] };
    expect(parseTranscriptFile(vtt.text, { filename: vtt.filename }).segments).toEqual(shown.segments);

    const json = await download(page, /Analysis and decisions \(JSON\)/);
    const record = JSON.parse(json.text) as { decisions: { at_url: string }[] };
    expect(record.decisions).toHaveLength(DECIDED_MEETING.decisions);
    expect(record.decisions[0]?.at_url).toMatch(new RegExp(`/city/${cityKey}/meeting/[^?]+\\?t=\\d+$`));

    const text = await download(page, /Transcript \(text\)/);
    expect(text.text.split('\n')[0]).not.toBe('');
    expect(text.text).toMatch(/^\[\d+:\d\d:\d\d\] /m);
  });

  it("saves the city's decisions as CSV from the city page, and links its feed", async () => {
    await page.goto(`/city/${cityKey}`);
    const csv = await download(page, /Decisions \(CSV\)/);
    expect(csv.filename).toBe(`${cityKey}-decisions.csv`);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toMatch(/^held_on,meeting_title,item_number,item,outcome,yes,no,/);
    expect(rows.length).toBeGreaterThan(DECIDED_MEETING.decisions);

    // The city's feed, linked beside it, is Atom the server really serves.
    const feedHref = await page.getByRole('link', { name: 'Follow (Atom feed)' }).getAttribute('href');
    expect(feedHref).toBe(`/feeds/city/${cityKey}.atom`);
    const feed = await page.request.get(feedHref!);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });

  it('lists the open API on the Developers page, from its OpenAPI document', async () => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    const endpoints = page.getByRole('region', { name: 'Endpoints' });
    await endpoints.getByText('/api/cities/{locationKey}/decisions.csv').waitFor();
    for (const tag of ['Cities', 'Meetings', 'Exports', 'Search', 'Directory']) await endpoints.getByRole('heading', { name: tag, level: 3 }).waitFor();
    expect(await endpoints.getByRole('listitem').filter({ hasText: /^GET/ }).count()).toBeGreaterThanOrEqual(15);
    await checkPage(page, 'developers');
  });
});
