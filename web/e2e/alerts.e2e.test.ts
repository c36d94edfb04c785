import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { checkPage, chosenOption, openPage, signInByApi, useFreshPage } from './support/browser.js';
import { civic, civicEnv } from './support/civic.js';
import { fakeYtState, serveFakeYoutubeApi } from './support/fake-youtube-api.js';

/**
 * Issue 27's alerts end to end. A city of its own (Riverton's recording, in which the Willow
 * Creek footbridge is discussed) so no other test sees its meetings, and a member of its own.
 */
const CITY = { key: 'riverton-landing-or', name: 'Riverton Landing' };
const MEMBER = { email: 'e2e-alerts@riverton.example', password: 'e2e alerts password, not secret' };

interface RawMail {
  headers: string;
  text: string;
}

/** The alert emails to the member, with their raw header block (the outbox's .eml files). */
async function alertMails(): Promise<RawMail[]> {
  const dir = path.join(inject('e2e').dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (name) => {
      const [headers = '', ...body] = (await fs.readFile(path.join(dir, name), 'utf8')).split('\r\n\r\n');
      return { headers, text: body.join('\n\n').replace(/\r\n/g, '\n') };
    }),
  );
  return mails.filter((mail) => mail.headers.includes(`To: ${MEMBER.email}`) && mail.headers.includes('List-Unsubscribe:'));
}

describe('saved searches and alerts', () => {
  const { baseUrl, dataDir } = inject('e2e');
  const env = civicEnv(dataDir, Number(new URL(baseUrl).port));
  const fresh = useFreshPage();
  let page: Page;
  beforeAll(async () => {
    // Through the running server's shared database (the site holds it).
    await civic(['city', 'add', '--name', CITY.name, '--county', 'Test County', '--state', 'OR', '--key', CITY.key, '--status', 'Live', '--json'], env);
    await civic(['source', 'add', '--city', CITY.key, '--url', 'fixture:riverton-city-council', '--title', 'Riverton Landing Council', '--json'], env);
    await civic(['user', 'add', '--email', MEMBER.email, '--password-stdin', '--json'], env, MEMBER.password);
  }, 120_000);
  beforeEach(() => {
    page = fresh.page;
  });

  it('mails one alert for a new meeting that says the word, opening it at that second; a second ingest sends nothing; unsubscribing works signed out', async () => {
    // Signed in before any page opens: a page's own session request could replace the session the token belongs to.
    await signInByApi(page, MEMBER);
    await page.goto(`/city/${CITY.key}/search?q=footbridge`);
    const box = page.getByRole('region', { name: 'Email alerts' });
    await box.getByText(`Get an email when “footbridge” comes up in a new meeting of ${CITY.name}.`).waitFor();
    await checkPage(page, 'alerts-search-save');
    await box.getByRole('button', { name: 'Save search and email me' }).click();
    await page.getByText('We\'ll email you when "footbridge" comes up in a meeting.').first().waitFor();

    await page.goto('/profile');
    const saved = page.getByRole('list', { name: 'Saved searches' });
    await saved.getByText('“footbridge”', { exact: true }).waitFor();
    await saved.getByText(`${CITY.name}, OR`, { exact: true }).waitFor();
    expect(await chosenOption(saved.getByRole('combobox', { name: 'How often to email “footbridge”' }))).toBe('As soon as a meeting is processed');
    await checkPage(page, 'alerts-profile');
    // On a phone nothing is wider than the screen (a select's long choice once widened every card by 2 px).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await civic(['ingest', '--city', CITY.key, '--json'], env);
    await expect.poll(async () => (await alertMails()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await alertMails();
    expect(mail!.headers).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/alerts\/unsubscribe\/[\w-]{43}>$/m);
    expect(mail!.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail!.text).toMatch(/\*footbridge\*/i);

    // A second ingest of the same meetings, and the cron command after it: nothing new.
    await civic(['ingest', '--city', CITY.key, '--json'], env);
    await civic(['alerts', 'send', '--json'], env);
    expect(await alertMails()).toHaveLength(1);

    // The moment link opens the meeting at that second.
    const moment = /Play this moment: (\S+\?t=(\d+))/.exec(mail!.text);
    expect(moment, mail!.text).not.toBeNull();
    const [, link, second] = moment!;
    expect(new URL(link!).pathname).toMatch(new RegExp(`^/city/${CITY.key}/meeting/[^/]+$`));
    await serveFakeYoutubeApi(page);
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole('heading', { name: 'Transcript', exact: true }).waitFor();
    await expect.poll(async () => (await fakeYtState(page)).created.at(0)?.start).toBe(Number(second));

    // Signed out, in a new context: the page asks first, its button unsubscribes.
    const unsubscribe = /Unsubscribe from this alert: (\S+)/.exec(mail!.text)?.[1];
    expect(unsubscribe).toBeDefined();
    const visitor = await openPage(page.context().browser()!);
    try {
      const signedOut = visitor.page;
      await signedOut.goto(new URL(unsubscribe!).pathname);
      await signedOut.getByText('Stop the emails for your saved search “footbridge”?').waitFor();
      await checkPage(signedOut, 'alerts-unsubscribe');
      await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
      await signedOut.getByText('You are unsubscribed: no more emails for the saved search “footbridge”.').waitFor();
      await checkPage(signedOut, 'alerts-unsubscribed');
    } finally {
      await visitor.context.close();
    }
    await page.goto('/profile');
    await page.getByRole('list', { name: 'Saved searches' }).getByText('Paused').waitFor();
  });
});
