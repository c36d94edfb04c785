/**
 * The public directory at scale (issue 14's budget): the demo database grown to 2,000 listings,
 * served by `civic serve`, opened in headless chromium with the CPU slowed 4x (a mid-range
 * phone). Measures, in the page, the time from navigation start to the first listing card in
 * the document, and from a click on a letter button to the frame after the cards changed.
 * The same two on a city directory of 2 listings (the same code on almost no data) give the
 * ratios: what 2,000 listings cost over the page's own floor. Fresh context per run (cold
 * cache); medians. No target: printed for the record.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../core/db/database.js';
import { LISTING_TIERS } from '../../core/domain/enums.js';
import { launchBrowser } from '../../web/e2e/support/chromium.js';
import { civic, civicEnv, freePort, startServe } from '../../web/e2e/support/civic.js';
import { buildSite } from '../../web/e2e/support/site.js';

const LISTINGS = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

const WORDS = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Ivy', 'Juniper', 'Kestrel', 'Larch', 'Maple', 'Nettle', 'Oak', 'Pine', 'Quail', 'Redwood', 'Spruce', 'Tamarack', 'Umber', 'Vine', 'Willow', 'Yarrow', 'Zinnia'];
const TRADES = ['Bakery', 'Plumbing', 'Books', 'Dental', 'Auto Repair', 'Yoga', 'Hardware', 'Florist', 'Realty', 'Cafe'];

/** Seeded demo data plus generated listings up to LISTINGS, spread over the demo's cities, categories and tiers. */
async function growDirectory(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const cities = await db.selectFrom('cities').select('id').execute();
    const categories = await db.selectFrom('business_categories').select('id').execute();
    const existing = Number((await db.selectFrom('business_listings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = Array.from({ length: LISTINGS - existing }, (_, i) => {
      // One in ten starts with a digit, so the 0-9 letter has something to find.
      const name = i % 10 === 0 ? `${(i % 97) + 1} ${WORDS[i % WORDS.length]} ${TRADES[i % TRADES.length]}` : `${WORDS[i % WORDS.length]} ${TRADES[(i * 7) % TRADES.length]} ${i}`;
      return {
        name,
        description: `A generated listing for the directory benchmark: ${TRADES[i % TRADES.length]!.toLowerCase()} near ${WORDS[(i * 3) % WORDS.length]} Street.`,
        street_address: i % 4 === 0 ? null : `${100 + i} ${WORDS[(i * 5) % WORDS.length]} Street`,
        postal_code: '95960',
        telephone: `(530) 555-${String(i % 10000).padStart(4, '0')}`,
        website: i % 3 === 0 ? `bench-${i}.example` : null,
        email: `owner${i}@bench.example`,
        city_id: cities[i % cities.length]!.id,
        business_category: categories[i % categories.length]!.id,
        // Roughly the demo's mix: few Premium, some Standard, most Basic.
        listing_tier: LISTING_TIERS[i % 10 === 0 ? 0 : i % 3 === 0 ? 1 : 2],
        business_key: `bench-listing-${i}`,
      };
    });
    for (let start = 0; start < rows.length; start += 500) await db.insertInto('business_listings').values(rows.slice(start, start + 500)).execute();
  } finally {
    await database.close();
  }
}

// Before any page script: note when the first listing card enters the document.
const WATCH_FOR_CARDS = `(() => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="listing-card"]')) {
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

// In the page: click the letter and resolve with the time to the frame after the count line changed.
const APPLY_LETTER = (letter: string) => `new Promise((resolve) => {
  const status = document.querySelector('[aria-live="polite"]');
  const button = [...document.querySelectorAll('[aria-label="Filter by first letter"] button')].find((b) => b.textContent === ${JSON.stringify(letter)});
  const before = status.textContent;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (status.textContent === before) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(status, { childList: true, characterData: true, subtree: true });
  button.click();
})`;

interface Sample {
  cardsShownMs: number;
  letterMs: number;
}

async function measure(browser: Browser, url: string, letter: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(new URL(url).origin) ? route.continue() : route.abort()));
    await context.addInitScript(WATCH_FOR_CARDS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.getByTestId('listing-card').first().waitFor({ timeout: 60_000 });
    const cardsShownMs = Number(await page.evaluate('window.__firstCardAt'));
    const letterMs = Number(await page.evaluate(APPLY_LETTER(letter)));
    return { cardsShownMs, letterMs };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  await buildSite();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-directory-bench-'));
  const port = await freePort();
  const env = civicEnv(dataDir, port);
  await civic(['db', 'seed', '--json'], env);
  await growDirectory(dataDir);
  const server = await startServe(env, port);
  const browser = await launchBrowser();
  try {
    // Big: every city's listings. Small: Cedar Hollow's 2 (both under C, so 'C' changes little work).
    const pages = { big: `${server.url}/businesses`, small: `${server.url}/city/cedar-hollow-wa/businesses` };
    const samples: Record<keyof typeof pages, Sample[]> = { big: [], small: [] };
    for (const url of Object.values(pages)) await measure(browser, url, 'B');
    for (let run = 0; run < RUNS; run++) {
      samples.big.push(await measure(browser, pages.big, 'B'));
      samples.small.push(await measure(browser, pages.small, 'B'));
    }
    const line = (name: string, values: number[]) => `${median(values).toFixed(0).padStart(6)} ms  (runs: ${values.map((ms) => ms.toFixed(0)).join(', ')})  ${name}`;
    const big = { cards: samples.big.map((s) => s.cardsShownMs), letter: samples.big.map((s) => s.letterMs) };
    const small = { cards: samples.small.map((s) => s.cardsShownMs), letter: samples.small.map((s) => s.letterMs) };
    console.log(`public directory, headless chromium, CPU ${CPU_SLOWDOWN}x slower, median of ${RUNS} cold loads`);
    console.log('navigation start -> first listing card in the document');
    console.log(line(`/businesses, ${LISTINGS} listings`, big.cards));
    console.log(line('/city/cedar-hollow-wa/businesses, 2 listings', small.cards));
    console.log(`  ratio ${LISTINGS} / 2 listings: ${(median(big.cards) / median(small.cards)).toFixed(2)}`);
    console.log("click on letter 'B' -> the frame after the cards changed");
    console.log(line(`/businesses, ${LISTINGS} listings`, big.letter));
    console.log(line('/city/cedar-hollow-wa/businesses, 2 listings', small.letter));
    console.log(`  ratio ${LISTINGS} / 2 listings: ${(median(big.letter) / median(small.letter)).toFixed(2)}`);
  } finally {
    await browser.close();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
