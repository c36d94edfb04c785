import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

/**
 * Which named chunk a module goes to: the admin and prototype screens each form one, so
 * visitors never download staff tools. Everything else (each public page, each library) is
 * left to the bundler, which gives every lazily loaded page its own chunk and puts a library
 * in the entry only when the shell itself uses it: the home page then downloads neither the
 * other pages nor the libraries only they need (scripts/bench/web-bundle.bench.ts). The
 * libraries every page runs on (React, TanStack Query, zod's core, the Slot under every
 * button) form one `framework` chunk: left apart they were a dozen small files the entry loads
 * anyway, each compressed alone (~2 kB gzipped more, issue 25).
 */
export function chunkOf(id: string): string | null {
  const file = id.replaceAll('\\', '/');
  if (/\/web\/src\/features\/admin\//.test(file)) return 'admin';
  if (/\/web\/src\/features\/proto\//.test(file)) return 'proto';
  if (/\/node_modules\/(react|react-dom|scheduler|@tanstack\/query-core|@tanstack\/react-query|zod|clsx|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//.test(file)) return 'framework';
  return null;
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads (scripts/bench/web-bundle.bench.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the staff screens are grouped; what they share with the shell (React, the
          // router, ui components) stays with the shell instead of being pulled in.
          includeDependenciesRecursively: false,
          groups: [{ name: (id: string) => chunkOf(id), debugName: 'routes' }],
        },
      },
    },
  },
  server: {
    // `civic serve` answers /api; `vite` serves the pages with hot reload.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
