import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { DECIDED_MEETING } from './global-setup.js';
import { checkPage, useFreshPage } from './support/browser.js';
import { fakeYtState, IFRAME_API_URL, serveFakeYoutubeApi } from './support/fake-youtube-api.js';

const { cityKey, videoId } = DECIDED_MEETING;
const MEETING = `/city/${cityKey}/meeting/${videoId}`;

/** The transcript's line number `index` (the line's own button, not its copy-link button). */
const lineNumber = (page: Page, index: number) => page.locator(`li[data-index="${index}"] > button`).first();
/** The line the transcript marks as being spoken now. */
const currentLine = (page: Page) => page.locator('li[data-index] > button[aria-current="time"]');
/** "1:02:03" or "11:23" as seconds. */
const secondsOf = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
const timeOf = async (line: ReturnType<typeof lineNumber>) => secondsOf((await line.locator('span').first().textContent())!);
const momentParam = (page: Page) => new URL(page.url()).searchParams.get('t');

async function openMeeting(page: Page, search = ''): Promise<void> {
  await page.goto(MEETING + search);
  await page.getByRole('heading', { name: 'Transcript', exact: true }).waitFor();
}

/**
 * The meeting page's player (issue 25) with YouTube's IFrame API faked at its real address
 * (support/fake-youtube-api.ts): the site's real Content-Security-Policy must let it run.
 */
describe("the meeting page's player", () => {
  const { baseUrl } = inject('e2e');
  const fresh = useFreshPage();
  let page: Page;
  beforeEach(() => {
    page = fresh.page;
  });

  it('attaches through the API: a line seeks the live player without reloading it, the transcript follows its time and ?t= follows each seek', async () => {
    const youtube = await serveFakeYoutubeApi(page);
    await openMeeting(page);
    await page.frameLocator('iframe[title^="Video: "]').getByText('Fake YouTube player').waitFor();
    const state = await fakeYtState(page);
    expect(state.created).toEqual([{ host: 'https://www.youtube-nocookie.com', videoId, start: 0 }]);
    expect(youtube.embedLoads()).toBe(1);

    const line = lineNumber(page, 5);
    const at = await timeOf(line);
    await line.click();
    await expect.poll(async () => (await fakeYtState(page)).seeks).toEqual([at]);
    await expect.poll(() => line.getAttribute('aria-current')).toBe('time');
    await expect.poll(() => momentParam(page)).toBe(String(at));

    const highlight = page.getByRole('region', { name: 'Key Highlights' }).getByRole('button', { name: /^Play from \d+:\d\d: / }).first();
    const [, label] = /Play from (\d+(?::\d\d)+)/.exec((await highlight.getAttribute('aria-label'))!)!;
    await highlight.click();
    await expect.poll(async () => (await fakeYtState(page)).seeks.at(-1)).toBe(secondsOf(label!));
    await expect.poll(() => momentParam(page)).toBe(String(secondsOf(label!)));
    // Seeks replace the address in place: Back leaves the meeting page at once.
    expect(await page.evaluate('history.length')).toBe(2);
    expect(youtube.embedLoads()).toBe(1);

    // The viewer moves YouTube's own scrubber: the spoken line follows the player's time.
    const later = lineNumber(page, 12);
    const laterAt = await timeOf(later);
    await page.evaluate(`window.__fakeYt.jump(${laterAt})`);
    await expect.poll(() => later.getAttribute('aria-current')).toBe('time');
    expect(youtube.embedLoads()).toBe(1);

    // The frame fills the 16:9 box.
    const frame = (await page.locator('iframe[title^="Video: "]').boundingBox())!;
    expect(Math.abs(frame.width / frame.height - 16 / 9)).toBeLessThan(0.02);
    // Full-page pictures show a sticky panel where the page was scrolled to: take them from the top.
    await page.evaluate('window.scrollTo(0, 0)');
    await checkPage(page, 'meeting-player-playing');
  });

  it('opens a moment link at its second, and copies the link to a moment', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await serveFakeYoutubeApi(page);
    await openMeeting(page, '?t=95');
    await expect.poll(async () => (await fakeYtState(page)).created.at(0)?.start).toBe(95);
    const current = currentLine(page);
    await current.waitFor();
    const at = await timeOf(current);
    expect(at).toBeLessThanOrEqual(95);
    expect(at).toBeGreaterThan(95 - 60);

    // A line shows its copy button once selected (clicked or focused).
    const lineAt = await timeOf(lineNumber(page, 3));
    await lineNumber(page, 3).click();
    await page.locator('li[data-index="3"]').getByRole('button', { name: /^Copy link to this moment/ }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${baseUrl}${MEETING}?t=${lineAt}`);

    const decision = page.getByRole('region', { name: 'Decisions' }).getByRole('button', { name: 'Copy link to this moment (29:10)' });
    await decision.click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(`${baseUrl}${MEETING}?t=${secondsOf('29:10')}`);
  });

  it("shows a poster saying the video can't be played here when YouTube refuses it (error 150); the transcript still works", async () => {
    await serveFakeYoutubeApi(page, { errorCode: 150 });
    await openMeeting(page);
    await expectPoster(page, "The video's owner does not allow it to be played on other sites.");
    const line = lineNumber(page, 4);
    const at = await timeOf(line);
    await line.click();
    await expect.poll(() => line.getAttribute('aria-current')).toBe('time');
    await expect.poll(() => momentParam(page)).toBe(String(at));
    expect((await fakeYtState(page)).seeks).toEqual([]);
    await checkPage(page, 'meeting-player-unavailable');
  });

  it("shows the poster when YouTube's player script cannot be loaded", async () => {
    await page.route(IFRAME_API_URL, (route) => route.abort('internetdisconnected'));
    await openMeeting(page);
    await expectPoster(page, /^YouTube's player could not be loaded/);
    const line = lineNumber(page, 2);
    await line.click();
    await expect.poll(() => line.getAttribute('aria-current')).toBe('time');
  });
});

async function expectPoster(page: Page, reason: string | RegExp): Promise<void> {
  const poster = page.getByRole('status').filter({ hasText: "This video can't be played here" });
  await poster.waitFor();
  await poster.getByText(reason).waitFor();
  const link = poster.getByRole('link', { name: /^Watch on YouTube/ });
  expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${videoId}`);
  const box = (await page.getByRole('status').filter({ hasText: "This video can't be played here" }).boundingBox())!;
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
}
