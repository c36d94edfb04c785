import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { WEB_IMPORT_ALIASES } from './import-aliases.js';

const root = import.meta.dirname;

/**
 * Which named chunk a module goes to: the admin and prototype screens each form one, so
 * visitors never download staff tools. The libraries every page runs on (React, zod's core)
 * form one `framework` chunk: left apart they were a dozen small files the entry loads anyway,
 * each compressed alone (~2 kB gzipped more, issue 25). Of those libraries, only what the entry
 * loads goes there (the `$initial` tag below): a part that only lazily loaded code uses (zod's
 * English messages) comes with that code. The rest is placed by `pageChunkOf`.
 */
export function chunkOf(id: string): string | null {
  const file = id.replaceAll('\\', '/');
  if (/\/web\/src\/features\/admin\//.test(file)) return 'admin';
  if (/\/web\/src\/features\/proto\//.test(file)) return 'proto';
  if (/\/node_modules\/(react|react-dom|scheduler|zod|clsx)\//.test(file)) return 'framework';
  return null;
}

/** A public page's module: `features/<f>/routes/<page>.tsx`, loaded lazily by the router. */
const PUBLIC_PAGE = /\/web\/src\/features\/(?!admin\/|proto\/)[^/]+\/routes\/([^/]+)\.tsx$/;
/** Modules that this many public pages load at once go in one `shared` chunk. */
const SHARED_BY = 8;

/** What `pageChunkOf` reads of rolldown's module graph. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** The public pages that load `id` before they run: those reaching it through static imports. */
function pagesLoading(id: string, graph: ModuleGraph, known: Map<string, Set<string>>): Set<string> {
  const found = known.get(id);
  if (found) return found;
  const pages = new Set<string>();
  known.set(id, pages);
  const page = PUBLIC_PAGE.exec(id.replaceAll('\\', '/'))?.[1];
  if (page) pages.add(page);
  const info = graph.getModuleInfo(id);
  const staticImporters = (info?.importers ?? []).filter((importer) => !info?.dynamicImporters.includes(importer));
  for (const importer of staticImporters) for (const other of pagesLoading(importer, graph, known)) pages.add(other);
  return pages;
}

const pagesKnown = new WeakMap<ModuleGraph, Map<string, Set<string>>>();

/**
 * A module a public page loads at once goes in the chunk of the set of public pages that load
 * it, whoever else uses it. Left to the bundler, every lazily loaded part (a dialog, the admin
 * screens) that shares a module with pages split it apart again: the meeting page loaded ~23
 * small files, most under 0.5 kB gzipped, each compressed alone (issue 25). What eight or more
 * pages load (enums, badge, card...) forms one `shared` chunk; a page's own modules that lazily
 * loaded code uses too form `<page>-parts` (the page's module itself must stay its own chunk:
 * the manifest knows a page by it). Code no public page loads at once is left to the bundler.
 * Icons are imported one file each (`lucide-react/icons/x`) so that each is placed by its users.
 */
export function pageChunkOf(id: string, graph: ModuleGraph): string | null {
  if (chunkOf(id) !== null || PUBLIC_PAGE.test(id.replaceAll('\\', '/'))) return null;
  let known = pagesKnown.get(graph);
  if (!known) pagesKnown.set(graph, (known = new Map()));
  const pages = [...pagesLoading(id, graph, known)].sort();
  if (pages.length === 0) return null;
  if (pages.length >= SHARED_BY) return 'shared';
  return pages.length === 1 ? `${pages[0]}-parts` : pages.join('+');
}

const staffChunkOf = (id: string) => (chunkOf(id) === 'framework' ? null : chunkOf(id));
const frameworkChunkOf = (id: string) => (chunkOf(id) === 'framework' ? 'framework' : null);
/**
 * Our own code the entry loads (router, layout, api client, icons' runtime) goes in one chunk
 * with the entry. Left to the bundler it was five more files on every page (the api client,
 * the icon runtime, `cn`...), each also used by lazily loaded pages and so split apart,
 * each compressed alone: ~1.3 kB gzipped more a page (issue 25).
 */
const shellChunkOf = (id: string) => (chunkOf(id) === null ? 'shell' : null);

/**
 * Script files are named by their hash alone: a page loads ~25 of them, each names the others
 * it imports, and the entry lists every route's for preloading, so readable names ("j-" keeps
 * the `name-hash` form the server's long caching knows, server/middleware/static-assets.ts)
 * cost ~1 kB gzipped a page. The manifest (.vite/manifest.json) says which source each holds.
 */
const SCRIPT_NAMES = 'assets/j-[hash].js';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: { alias: WEB_IMPORT_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads (scripts/bench/web-bundle.bench.ts reads it).
    manifest: true,
    // Every browser the site supports knows <link rel="modulepreload">: the polyfill was ~0.3 kB
    // gzipped of every page's entry for none of them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        entryFileNames: SCRIPT_NAMES,
        chunkFileNames: SCRIPT_NAMES,
        codeSplitting: {
          // A group takes only the modules it names: what the staff screens share with the shell
          // (React, the router, ui components) stays with the shell instead of being pulled in.
          // The groups are tried in order; a module goes to the first that names it.
          includeDependenciesRecursively: false,
          groups: [
            { name: staffChunkOf, debugName: 'staff' },
            { name: frameworkChunkOf, debugName: 'framework', tags: ['$initial'] },
            { name: shellChunkOf, debugName: 'shell', tags: ['$initial'] },
            { name: pageChunkOf, debugName: 'pages' },
          ],
        },
      },
    },
  },
  server: {
    // `civic serve` answers /api; `vite` serves the pages with hot reload.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
