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
    // Two files at a time, for CI's 2 cores (vitest's own default is one fewer than the cores: 1 there). Most files wait
    // on child processes, servers and Chromium as much as they compute, so two keep both cores busy; a third would push
    // each file's tests toward their timeouts on a busy runner (docs/testing.md, "How long each tier takes").
    maxWorkers: 2,
  },
});
