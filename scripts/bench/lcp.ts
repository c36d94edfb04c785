/**
 * Largest contentful paint of one page load in headless chromium: a fresh context (cold cache),
 * only the local server reachable (a thumbnail from YouTube would measure the network, not us),
 * the CPU slowed (a mid-range phone). Shared by city-lcp.bench.ts and web-bundle.bench.ts.
 */
import type { Browser } from 'playwright-core';

export const CPU_SLOWDOWN = 4;

// In the page once it has settled: the last LCP candidate, from the browser's buffer (0: none within 10 s).
const READ_LCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime))
    .observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(0), 10000);
})`;

export async function largestContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(new URL(url).origin) ? route.continue() : route.abort()));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // LCP candidates keep coming until the page settles: read after the network is idle.
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = Number(await page.evaluate(READ_LCP));
    if (!(lcp > 0)) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return lcp;
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
