/**
 * The JavaScript a visitor downloads before the home page shows (issue 10's budget: at most
 * 150 kB gzipped): the entry chunk and everything it imports, plus the home route's chunk and
 * its imports, as web/dist/.vite/manifest.json lists them after a fresh build. Prints every
 * chunk, then what each route adds on top of the entry. Then loads / in headless chromium
 * against `civic serve` and checks the count against what the browser really fetched until
 * the network went quiet: a script it fetched outside the counted set means the count is
 * wrong. Also prints the meeting page's JavaScript (issue 13: its route chunk and what it adds
 * to the entry, budget 40 kB gzipped). Exits non-zero over a budget or on such a script.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../../web/e2e/support/chromium.js';
import { buildSite, startSite } from '../../web/e2e/support/site.js';

/** kB as vite prints them (1,000 bytes). */
const BUDGET_KB = 150;
const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const HOME_ROUTE = 'src/features/home/routes/home.tsx';
/** The meeting analysis page (issue 13): its own chunk and what it loads beyond the entry, gzipped. */
const MEETING_ROUTE = 'src/features/meetings/routes/meeting-analysis.tsx';
const MEETING_BUDGET_KB = 40;
/** Issue 14's budget line: the public directory's own chunk, printed on its own. */
const DIRECTORY_ROUTE = 'src/features/directory/routes/directory.tsx';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7);

function gzippedSize(file: string): number {
  // Level 6: what nginx and compression middleware send by default.
  return zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 6 }).length;
}

/** A chunk and everything it imports statically (what the browser must load before it runs). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The files of web/dist/assets/ that chromium fetches for / until the network is idle (a visitor, cold cache, no input). */
async function scriptsFetchedByChromium(): Promise<string[]> {
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) fetched.push(pathname.replace(/^\//, ''));
    });
    await page.goto(site.url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Go to My City' }).waitFor();
    await context.close();
    return fetched;
  } finally {
    await browser.close();
    await site.stop();
  }
}

async function main(): Promise<void> {
  await buildSite();
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const size = new Map(Object.entries(manifest).map(([key, chunk]) => [key, gzippedSize(chunk.file)]));
  const total = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + size.get(key)!, 0);

  const entry = staticClosure(manifest, entryKey);
  const initial = staticClosure(manifest, HOME_ROUTE, new Set(entry));

  console.log('chunk                                           gzipped kB  (* = loaded by the home page)');
  for (const [key, chunk] of Object.entries(manifest).sort(([a], [b]) => size.get(b)! - size.get(a)!)) {
    console.log(`${initial.has(key) ? '*' : ' '} ${chunk.file.padEnd(46)}${kb(size.get(key)!)}`);
  }

  console.log('\nroute chunk (lazy)                              own kB   adds to the entry, kB');
  const routes = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry || manifest[entryKey]!.dynamicImports?.includes(key));
  for (const key of routes.sort()) {
    const added = [...staticClosure(manifest, key)].filter((dependency) => !entry.has(dependency));
    console.log(`  ${key.padEnd(46)}${kb(size.get(key)!)}  ${kb(total(added))}`);
  }

  const meetingAdds = [...staticClosure(manifest, MEETING_ROUTE)].filter((dependency) => !entry.has(dependency));
  const meetingKb = total(meetingAdds) / 1000;
  console.log(
    `\nmeeting page: its route chunk ${kb(size.get(MEETING_ROUTE)!)} kB, with the chunks it adds to the entry ${meetingKb.toFixed(1)} kB gzipped (budget ${MEETING_BUDGET_KB} kB): ${meetingKb <= MEETING_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (meetingKb > MEETING_BUDGET_KB) process.exitCode = 1;

  const directoryAdds = [...staticClosure(manifest, DIRECTORY_ROUTE)].filter((dependency) => !entry.has(dependency));
  console.log(
    `\ndirectory route (${DIRECTORY_ROUTE}): its own chunk ${(size.get(DIRECTORY_ROUTE)! / 1000).toFixed(1)} kB gzipped; ` +
      `${(total(directoryAdds) / 1000).toFixed(1)} kB with the chunks it needs beyond the entry`,
  );

  const initialKb = total(initial) / 1000;
  console.log(`\nentry chunk and its imports: ${kb(total(entry))} kB`);
  console.log(`home page (initial public route): ${initialKb.toFixed(1)} kB gzipped JavaScript (budget ${BUDGET_KB} kB): ${initialKb <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
  if (initialKb > BUDGET_KB) process.exitCode = 1;

  const counted = new Set([...initial].map((key) => manifest[key]!.file));
  const fetched = await scriptsFetchedByChromium();
  const uncounted = fetched.filter((file) => !counted.has(file));
  const fetchedKb = fetched.reduce((sum, file) => sum + gzippedSize(file), 0) / 1000;
  console.log(`chromium on / fetched ${fetched.length} scripts, ${fetchedKb.toFixed(1)} kB gzipped; counted above: ${counted.size} chunks`);
  if (uncounted.length) {
    console.log(`  fetched but not counted (the count is wrong): ${uncounted.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
