import { defineConfig } from 'vitest/config';

/** Browser journeys: the real server (built storefront + API + PostgreSQL) driven through Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    // Generous: the journeys share two cores with the server, PostgreSQL and Chromium.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
