import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One `vitest run` covers every workspace; end-to-end journeys have their own config (apps/web/vitest.e2e.config.ts). */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web/vitest.config.ts', 'apps/web/vitest.isolated.config.ts'],
    // Vitest's default on a 2-core machine is one worker, so files ran one after another while
    // PostgreSQL waited on the other core. Two workers: web + shared 390 s → 258 s, API 122 s for 68 files.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
