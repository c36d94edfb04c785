import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,cli,server,scripts,migrations}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./core/testing/block-network.ts'],
    globalSetup: ['./core/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
