import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temp-root.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Suites start real servers (the preview, workerd, nginx) on loopback ports.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
