import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { DECIDED_MEETING, UNANALYSED_CITY } from './global-setup.js';
import { checkPage, isFocused, signInByApi, tabTo, useFreshPage } from './support/browser.js';
import { fakePlayerState, installFakePlayer } from './support/fake-player.js';

/** The transcript line whose time reads `time` (e.g. "11:23"). */
const lineAt = (page: Page, time: string) => page.getByRole('button', { name: new RegExp(`^${time} `) }).first();
/** The transcript's line number `index` (the line's own button, not its copy-link button). */
const lineNumber = (page: Page, index: number) => page.locator(`li[data-index="${index}"] > button`).first();
/** "1:02:03" or "11:23" as seconds. */
const secondsOf = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function openFirstAnalysis(page: Page, cityKey = 'fairview-ca'): Promise<void> {
  await page.goto(`/city/${cityKey}`);
  await page.getByRole('link', { name: 'Analysis' }).first().click();
  await page.waitForURL(new RegExp(`/city/${cityKey}/meeting/[^/]+$`));
  await page.getByRole('heading', { name: 'Transcript', exact: true }).waitFor();
}

/**
 * The meeting pages and search (spec §2 screens 9 to 11, issue 13) on the demo site of
 * global-setup.ts, with a fake video player (support/fake-player.ts): nothing reaches the
 * video platform.
 */
describe('the meeting pages and search', () => {
  const { admin } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(async () => {
    page = fresh.page;
    await installFakePlayer(page.context());
  });

  it('goes from the city page to an analysis whose transcript lines and highlights seek the player', async () => {
    await openFirstAnalysis(page);
    await page.getByRole('link', { name: 'Back to Fairview' }).waitFor();
    for (const title of ['Summary', 'Key Highlights', 'Action Items', 'Key Entities', 'Description', 'Transcript']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    await page.getByRole('link', { name: 'View Story' }).waitFor();
    await expect.poll(async () => (await fakePlayerState(page)).mounts.at(-1)?.startSeconds).toBe(0);

    const line = lineNumber(page, 5);
    const time = (await line.locator('span').first().textContent())!;
    await line.click();
    await expect.poll(async () => (await fakePlayerState(page)).seeks.at(-1)).toBe(secondsOf(time));
    await expect.poll(() => line.getAttribute('aria-current'), { timeout: 15_000 }).toBe('time');

    // Scoped: the Decisions section above has play buttons too.
    const highlight = page.getByRole('region', { name: 'Key Highlights' }).getByRole('button', { name: /^Play from \d+:\d\d: / }).first();
    const label = (await highlight.getAttribute('aria-label'))!;
    const [, at] = /Play from (\d+(?::\d\d)+)/.exec(label)!;
    await highlight.click();
    await expect.poll(async () => (await fakePlayerState(page)).seeks.at(-1)).toBe(secondsOf(at!));
    await checkPage(page, 'meeting-analysis');
  });

  it("lists what a meeting decided, each line in plain words with its evidence, and a line plays its second", async () => {
    const { cityKey, videoId, decisions } = DECIDED_MEETING;
    await page.goto(`/city/${cityKey}/meeting/${videoId}`);
    const section = page.getByRole('region', { name: 'Decisions' });
    await section.waitFor();
    const lines = section.getByRole('listitem');
    expect(await lines.count()).toBe(decisions);
    await expect.poll(async () => (await fakePlayerState(page)).mounts.length).toBeGreaterThan(0);

    // Not tied to an agenda item: the line says when the vote was.
    const untied = lines.filter({ hasText: 'A vote at 29:10: passed 3-2' });
    await untied.getByText('Passed', { exact: true }).waitFor();
    await untied.getByText('Councilmember Priya Natarajan').waitFor();
    await untied.getByText('“The motion passes three to two, with Vice Mayor Okafor and Councilmember Whitcomb voting no.”').waitFor();
    await untied.getByRole('button', { name: /^Play from 29:10: / }).click();
    await expect.poll(async () => (await fakePlayerState(page)).seeks.at(-1)).toBe(secondsOf('29:10'));

    // From the keyboard, the way highlights play: Enter on the line's play control.
    const park = lines.filter({ hasText: 'Lindgren Park renovation budget of $1.2 million: passed 5-0' }).getByRole('button', { name: /^Play from / });
    const [, at] = /^Play from (\d+(?::\d\d)+)/.exec((await park.getAttribute('aria-label'))!)!;
    await park.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await fakePlayerState(page)).seeks.at(-1)).toBe(secondsOf(at!));
    await checkPage(page, 'meeting-decisions');
  });

  it('is usable from the keyboard: one tab stop into the transcript, arrows between lines, Enter seeks, the find box steps', async () => {
    await openFirstAnalysis(page);
    const first = lineNumber(page, 0);
    await first.waitFor();
    await tabTo(page, first, 60);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const third = lineNumber(page, 2);
    await expect.poll(() => isFocused(third)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => third.getAttribute('aria-current'), { timeout: 15_000 }).toBe('time');
    expect((await fakePlayerState(page)).seeks).toHaveLength(1);
    // One Tab leaves the list (to the copy button of the selected line, then on): 3,000 lines are not 3,000 tab stops.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate('document.activeElement.getAttribute("aria-label")')).toMatch(/^Copy link to this moment/);

    const find = page.getByRole('searchbox', { name: 'Find in transcript' });
    await find.focus();
    await page.keyboard.type('board');
    const count = page.getByText(/^1 of \d+$/);
    await count.waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(/^2 of \d+$/).waitFor();
    await checkPage(page, 'meeting-transcript-find');
  });

  it('opens the story, and an admin regenerates it after confirming', async () => {
    await openFirstAnalysis(page);
    await page.getByRole('link', { name: 'View Story' }).click();
    await page.getByRole('heading', { level: 1, name: 'News Story' }).waitFor();
    await page.getByRole('link', { name: 'View Analysis' }).waitFor();
    await page.getByText(/^[\d,]+ words$/).waitFor();
    await page.getByText(/^Written automatically from the meeting's transcript by the offline analyzer on .*; not reviewed by an editor\.$/).waitFor();
    await page.getByRole('heading', { name: 'Next Steps' }).waitFor();
    expect(await page.getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
    await checkPage(page, 'meeting-story');

    await signInByApi(page, admin);
    await page.reload();
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Replace this story?' }).waitFor();
    await page.getByRole('button', { name: 'Replace story' }).click();
    await page.getByText('The news story has been successfully generated.').waitFor();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
  });

  it('finds a word said in a meeting; its moment opens the analysis at that second with that line in view', async () => {
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search meetings' }).fill('skeptical');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=skeptical$/);
    await page.getByText('1 result found for "skeptical"').waitFor();
    await checkPage(page, 'search-results');

    const moment = page.getByRole('list', { name: 'Moments that match' }).getByRole('link').first();
    expect(await moment.locator('mark').textContent()).toBe('skeptical');
    await moment.click();
    await page.waitForURL(/\/meeting\/[^/]+\?t=1280$/);
    const line = lineAt(page, '21:20');
    await expect.poll(() => line.getAttribute('aria-current'), { timeout: 15_000 }).toBe('time');
    expect((await fakePlayerState(page)).mounts.at(-1)?.startSeconds).toBe(1280);
    const inView = await line.evaluate((element: unknown) => {
      const box = (element as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect();
      const scroller = (element as { closest(selector: string): { getBoundingClientRect(): { top: number; bottom: number } } }).closest('.overflow-y-auto').getBoundingClientRect();
      return box.top >= scroller.top && box.bottom <= scroller.bottom;
    });
    expect(inView).toBe(true);
    await checkPage(page, 'meeting-at-moment');
  });

  it('leaves out a meeting that says an excluded word anywhere, not only in the lines that match', async () => {
    // Fairview's council of March 24 talks of library hours and, in other lines, of their budget.
    const budgetMeeting = /City Council Regular Meeting - March 24, 2026/;
    await page.goto(`/city/fairview-ca/search?q=${encodeURIComponent('library')}`);
    await page.getByText('3 results found for "library"').waitFor();
    await page.getByRole('heading', { name: budgetMeeting }).waitFor();

    const box = page.getByRole('searchbox', { name: 'Search meetings' });
    await box.fill('library -budget');
    await page.keyboard.press('Enter');
    await page.getByText('1 result found for "library -budget"').waitFor();
    const found = page.getByRole('article');
    expect(await found.count()).toBe(1);
    await found.getByRole('heading', { name: /Board of Education Regular Meeting - February 18, 2026/ }).waitFor();
    expect(await page.getByRole('heading', { name: budgetMeeting }).count()).toBe(0);
    expect(await found.getByRole('list', { name: 'Moments that match' }).locator('mark').first().textContent()).toMatch(/^library$/i);
    await page.getByText('write -word to leave out the meetings that mention it').waitFor();
  });

  it("ignores a blank search and says 'No results found' with 'Browse Cities' when nothing matches", async () => {
    await page.goto('/city/fairview-ca/search');
    const box = page.getByRole('searchbox', { name: 'Search meetings' });
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(new URL(page.url()).search).toBe('');
    await box.fill('xylophonequartz');
    await page.keyboard.press('Enter');
    await page.getByText('No results found').waitFor();
    await page.getByText('Try adjusting your search terms or browse our available cities.').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Cities' }).getAttribute('href')).toBe('/');
    await checkPage(page, 'search-empty');
  });

  it("says 'Video Not Found' for a meeting that does not exist", async () => {
    await page.goto('/meeting/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();
    await page.getByText("The video you're looking for doesn't exist.").waitFor();
    await checkPage(page, 'meeting-not-found');
  });

  it('analyses a meeting with a transcript and no analysis on the first visit, then writes its story', async () => {
    await openFirstAnalysis(page, UNANALYSED_CITY.key);
    await page.getByText('Analysis completed successfully').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Summary', exact: true }).waitFor();
    await checkPage(page, 'meeting-analysed-on-visit');

    await page.getByRole('link', { name: 'View Story' }).click();
    await page.getByText('The news story has been successfully generated.').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Quick Facts' }).waitFor();
  });

  it('lines the analysis and the story up with the header and footer, at 1280 and 390 px (issue 25)', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openFirstAnalysis(page);
      const left = async (selector: string) => Math.round((await page.locator(selector).first().boundingBox())!.x);
      const chrome = await left('header a');
      expect(await left('main h1')).toBe(chrome);
      expect(await left('footer nav, footer a')).toBe(chrome);
      await page.getByRole('link', { name: 'View Story' }).click();
      await page.getByRole('heading', { level: 1, name: 'News Story' }).waitFor();
      expect(await left('main h1')).toBe(chrome);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('keeps the search box its full height on a phone, where the button goes under it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?q=library');
    const box = await page.getByRole('searchbox', { name: 'Search meetings' }).boundingBox();
    const button = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    // Both 44 px high, the button below the box (flex-1 in the column once squashed the box to a sliver).
    expect(box?.height).toBeGreaterThanOrEqual(40);
    expect(button!.y).toBeGreaterThan(box!.y + box!.height - 1);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
