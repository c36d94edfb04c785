import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (`.ci/run` installs it): no browser download, nothing fetched at run time. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless chromium for the browser tests and the page benchmarks. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
