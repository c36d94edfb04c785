import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

/**
 * Which chunk a module of ours goes to. The public pages load together (one request once the
 * shell is up); the admin and prototype screens only when someone visits them, so visitors
 * never download staff tools.
 */
export function chunkOf(id: string): string | null {
  const file = id.replaceAll('\\', '/');
  // Libraries change less often than our code: their own chunk stays cached across deploys.
  if (file.includes('/node_modules/')) return 'vendor';
  if (/\/web\/src\/features\/admin\//.test(file)) return 'admin';
  if (/\/web\/src\/features\/proto\//.test(file)) return 'proto';
  if (/\/web\/src\/features\/[^/]+\/routes\//.test(file)) return 'public';
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
    // React, the router, TanStack Query, Radix and zod together are ~560 kB (~175 kB gzipped).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only our route modules are grouped; what they share with the shell (React, the
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
