/**
 * Issue 25's speed budget, one line per public page: its initial JavaScript gzipped (the entry,
 * the page's route chunk and their static imports, from web/dist/.vite/manifest.json after a
 * fresh build; budget 110 kB each), then what chromium really downloaded loading it from
 * `civic serve` on the demo data until the network went quiet: every response's body as sent
 * (brotli or gzip), scripts apart. A script fetched outside the counted set means the count is
 * wrong. Then the largest contentful paint of the city and meeting pages (CPU 4x slower, cold
 * cache, median of BENCH_RUNS loads; target 2.5 s, the web's "good"). Exits non-zero over a
 * budget, on a missed target or on a miscount.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../web/e2e/support/chromium.js';
import { buildSite, startSite } from '../../web/e2e/support/site.js';
import { largestContentfulPaint, median } from './lcp.js';
import { gzippedSize, initialChunks, readManifest, type Manifest } from './web-manifest.js';

const BUDGET_KB = 110;
const LCP_TARGET_MS = 2500;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = 'src/features';

interface PublicPage {
  name: string;
  route: string;
  /** The page's address on the demo site (some need an id the site gives out). */
  path: (ids: DemoIds) => string;
}

interface DemoIds {
  meeting: string;
  business: string;
}

const PAGES: PublicPage[] = [
  { name: 'home', route: `${ROUTES}/home/routes/home.tsx`, path: () => '/' },
  { name: 'cities list', route: `${ROUTES}/cities/routes/cities.tsx`, path: () => '/cities' },
  { name: 'city', route: `${ROUTES}/cities/routes/city.tsx`, path: () => '/city/fairview-ca' },
  { name: 'meeting', route: `${ROUTES}/meetings/routes/meeting-analysis.tsx`, path: (ids) => `/city/fairview-ca/meeting/${ids.meeting}` },
  { name: 'story', route: `${ROUTES}/meetings/routes/meeting-story.tsx`, path: (ids) => `/city/fairview-ca/meeting-story/${ids.meeting}` },
  { name: 'search', route: `${ROUTES}/search/routes/search.tsx`, path: () => '/search?q=budget' },
  { name: 'directory', route: `${ROUTES}/directory/routes/directory.tsx`, path: () => '/businesses' },
  { name: 'business', route: `${ROUTES}/directory/routes/business-detail.tsx`, path: (ids) => `/businesses/${ids.business}` },
  { name: 'about', route: `${ROUTES}/info/routes/about.tsx`, path: () => '/about' },
];

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** A meeting with a story, and a business, of the seeded demo. */
async function demoIds(origin: string): Promise<DemoIds> {
  const videos = (await (await fetch(`${origin}/api/cities/fairview-ca/videos?limit=50`)).json()) as { id: string; news_story: string | null }[];
  const meeting = videos.find((video) => video.news_story) ?? videos[0];
  const listings = (await (await fetch(`${origin}/api/businesses`)).json()) as unknown;
  const list = (Array.isArray(listings) ? listings : ((listings as { listings?: unknown[] }).listings ?? [])) as { id: string; business_key: string | null }[];
  if (!meeting || !list[0]) throw new Error('the demo site has no meeting or no business');
  return { meeting: meeting.id, business: list[0].business_key ?? list[0].id };
}

interface Transfer {
  bytes: number;
  scriptBytes: number;
  requests: number;
  encodings: Set<string>;
  scripts: string[];
}

/** What a visitor's browser downloads for `url` (cold cache, no input) until the network is idle. */
async function transferOf(browser: Browser, url: string): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const transfer: Transfer = { bytes: 0, scriptBytes: 0, requests: 0, encodings: new Set(), scripts: [] };
  const pending: Promise<void>[] = [];
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(new URL(url).origin) ? route.continue() : route.abort()));
    const page = await context.newPage();
    page.on('response', (response) => {
      pending.push(
        (async () => {
          const { responseBodySize } = await response.request().sizes();
          const { pathname } = new URL(response.url());
          transfer.bytes += responseBodySize;
          transfer.requests += 1;
          if (!pathname.endsWith('.js')) return;
          transfer.scriptBytes += responseBodySize;
          transfer.scripts.push(pathname.replace(/^\//, ''));
          transfer.encodings.add((await response.allHeaders())['content-encoding'] ?? 'none');
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return transfer;
  } finally {
    await context.close();
  }
}

function printPage(manifest: Manifest, sizes: Map<string, number>, page: PublicPage, transfer: Transfer): boolean {
  const initial = initialChunks(manifest, page.route);
  const initialBytes = [...initial].reduce((sum, key) => sum + sizes.get(key)!, 0);
  const within = initialBytes / 1000 <= BUDGET_KB;
  const counted = new Set([...initial].map((key) => manifest[key]!.file));
  const uncounted = transfer.scripts.filter((file) => !counted.has(file));
  console.log(
    `${page.name.padEnd(12)} initial JS ${kb(initialBytes).padStart(6)} kB gzipped (target ${BUDGET_KB} kB: ${within ? 'within' : 'OVER'}); ` +
      `transferred ${kb(transfer.bytes).padStart(6)} kB in ${transfer.requests} responses, scripts ${kb(transfer.scriptBytes)} kB (${[...transfer.encodings].join(', ')})`,
  );
  if (!within) {
    const largest = [...initial].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, 4);
    console.log(`             largest: ${largest.map((key) => `${manifest[key]!.name ?? key} (${manifest[key]!.file}) ${kb(sizes.get(key)!)}`).join(', ')}`);
  }
  if (uncounted.length) console.log(`             fetched but not counted (the count is wrong): ${uncounted.join(', ')}`);
  return within && uncounted.length === 0;
}

async function main(): Promise<void> {
  await buildSite();
  const manifest = readManifest();
  const sizes = new Map(Object.entries(manifest).map(([key, chunk]) => [key, gzippedSize(chunk.file)]));
  const site = await startSite();
  const browser = await launchBrowser();
  let ok = true;
  try {
    const ids = await demoIds(site.url);
    console.log(`public pages: initial JavaScript (budget ${BUDGET_KB} kB gzipped each) and what chromium downloaded from civic serve`);
    for (const page of PAGES) ok = printPage(manifest, sizes, page, await transferOf(browser, site.url + page.path(ids))) && ok;

    const lcpPages = PAGES.filter((page) => page.name === 'city' || page.name === 'meeting');
    for (const page of lcpPages) await largestContentfulPaint(browser, site.url + page.path(ids)); // warm the server once
    console.log(`largest contentful paint, CPU 4x slower, cold cache, median of ${RUNS} (target ${LCP_TARGET_MS} ms):`);
    for (const page of lcpPages) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await largestContentfulPaint(browser, site.url + page.path(ids)));
      const lcp = median(runs);
      const met = lcp <= LCP_TARGET_MS;
      ok &&= met;
      console.log(`  ${page.name.padEnd(8)} ${lcp.toFixed(0).padStart(5)} ms: ${met ? 'met' : 'MISSED'} (runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')})`);
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  if (!ok) process.exitCode = 1;
}

await main();
