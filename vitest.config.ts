import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temp-root.ts'],
    testTimeout: 60_000,
    // A file's set-up starts servers, builds a snapshot or opens Chromium: up to 44 s beside 16 busy processes
    // (docs/testing.md), so a hook has three times that.
    hookTimeout: 180_000,
    // Suites start real servers (the preview, workerd, nginx) on loopback ports.
    fileParallelism: true,
    // A file at a time for each core, and two on CI's 2 cores (vitest's own default is one fewer than the cores: 1
    // there). A run keeps the cores it has busy (docs/testing.md, "Where a run's time goes"), so more cores
    // are what shortens it; more files than cores would push each file's tests toward their timeouts.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
