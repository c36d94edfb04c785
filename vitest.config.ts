import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { WEB_IMPORT_ALIASES } from './web/import-aliases.js';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time, yet most of the suite's time is
    // spent waiting on child processes, sockets and timers: three files at once keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          include: ['{core,cli,server,scripts,migrations}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['./core/testing/block-network.ts'],
          globalSetup: ['./core/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's component and hook tests: a browser DOM, no database.
        plugins: [react()],
        resolve: { alias: WEB_IMPORT_ALIASES },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./core/testing/block-network.ts', './web/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Browser tests: Debian's chromium against a real `civic serve` on a seeded embedded
        // database (web/e2e/global-setup.ts). One file at a time: each drives a browser.
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          setupFiles: ['./core/testing/block-network.ts'],
          globalSetup: ['./web/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
