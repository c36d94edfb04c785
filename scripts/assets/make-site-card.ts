/**
 * Draws web/public/og-card.png, the preview image of pages without one of their own (a shared
 * link to the home page, search, the directory): 1200×630, the size link previews expect. Run
 * once after changing the design: `npx tsx scripts/assets/make-site-card.ts`. Needs Chromium.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../../web/public/og-card.png');
const BELL = '<path d="M9 21h14l-2-3v-5a5 5 0 0 0-10 0v5z" fill="#fff"/><circle cx="16" cy="24" r="2" fill="#fff"/>';

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:88px 96px;background:#1f4e8c;color:#fff;
  font-family:Georgia,'DejaVu Serif',serif;display:flex;flex-direction:column;justify-content:space-between">
  <svg width="96" height="96" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#163a6a"/>${BELL}</svg>
  <div>
    <div style="font-size:58px;line-height:1.2;font-weight:700;white-space:nowrap">Local government meetings,<br>in plain words</div>
    <div style="margin-top:28px;font-family:'DejaVu Sans',Arial,sans-serif;font-size:32px;color:#e7eef8">
      Transcripts, decisions and stories from your council,<br>school board and county</div>
  </div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: OUT, type: 'png' });
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
} finally {
  await browser.close();
}
