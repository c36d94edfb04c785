import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { WEB_IMPORT_ALIASES } from './import-aliases.js';

const root = import.meta.dirname;

/**
 * Which named chunk a module goes to: the admin and prototype screens each form one, so
 * visitors never download staff tools. Everything else (each public page, each library) is
 * left to the bundler, which gives every lazily loaded page its own chunk and puts a library
 * in the entry only when the shell itself uses it: the home page then downloads neither the
 * other pages nor the libraries only they need (scripts/bench/web-bundle.bench.ts). The
 * libraries every page runs on (React, zod's core) form one `framework`
 * chunk: left apart they were a dozen small files the entry loads anyway, each compressed
 * alone (~2 kB gzipped more, issue 25). Of those libraries, only what the entry loads goes
 * there (the `$initial` tag below): a part that only lazily loaded code uses (zod's English
 * messages) comes with that code.
 */
export function chunkOf(id: string): string | null {
  const file = id.replaceAll('\\', '/');
  if (/\/web\/src\/features\/admin\//.test(file)) return 'admin';
  if (/\/web\/src\/features\/proto\//.test(file)) return 'proto';
  if (/\/node_modules\/(react|react-dom|scheduler|zod|clsx)\//.test(file)) return 'framework';
  return null;
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
          // Only the staff screens and the framework are grouped; what they share with the shell
          // (React, the router, ui components) stays with the shell instead of being pulled in.
          includeDependenciesRecursively: false,
          groups: [
            { name: staffChunkOf, debugName: 'staff' },
            { name: frameworkChunkOf, debugName: 'framework', tags: ['$initial'] },
            { name: shellChunkOf, debugName: 'shell', tags: ['$initial'] },
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
