/**
 * Largest contentful paint of the city page (/city/fairview-ca, with its meetings through the
 * pipeline) in headless chromium against `civic serve` on the demo data, with the CPU slowed
 * 4x (a mid-range phone), beside the same for the 404 page: the floor every page pays (shell,
 * scripts, fonts). The ratio is what matters; the milliseconds move with the machine. Each
 * run is a fresh browser context (cold cache). No target: printed for the record.
 */
import { launchBrowser } from '../../web/e2e/support/chromium.js';
import { buildSite, startSite } from '../../web/e2e/support/site.js';
import { CPU_SLOWDOWN, largestContentfulPaint, median } from './lcp.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main(): Promise<void> {
  await buildSite();
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const pages = { city: `${site.url}/city/fairview-ca`, floor: `${site.url}/no/such/page` };
    const samples: Record<keyof typeof pages, number[]> = { city: [], floor: [] };
    // Warm the server (first queries, file cache) once, outside the measurement.
    for (const url of Object.values(pages)) await largestContentfulPaint(browser, url);
    // Interleaved, so a slow moment of the machine falls on both pages alike.
    for (let run = 0; run < RUNS; run++) {
      samples.city.push(await largestContentfulPaint(browser, pages.city));
      samples.floor.push(await largestContentfulPaint(browser, pages.floor));
    }
    const city = median(samples.city);
    const floor = median(samples.floor);
    console.log(`largest contentful paint, headless chromium, CPU ${CPU_SLOWDOWN}x slower, median of ${RUNS} cold loads`);
    console.log(`  city page /city/fairview-ca: ${city.toFixed(0)} ms  (runs: ${samples.city.map((ms) => ms.toFixed(0)).join(', ')})`);
    console.log(`  404 page (the floor):        ${floor.toFixed(0)} ms  (runs: ${samples.floor.map((ms) => ms.toFixed(0)).join(', ')})`);
    console.log(`  ratio city / floor: ${(city / floor).toFixed(2)}`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

await main();
