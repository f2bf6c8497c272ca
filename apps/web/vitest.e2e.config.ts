import { defineConfig } from 'vitest/config';

/** Browser journeys: the real server (built storefront + API + PostgreSQL) driven through Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // Two journey files at a time against the one shared server (by default the longest first).
    // The journeys sign up users of their own or only read the demo ones; the two that depend on
    // the whole shop's state start a server of their own (marketplace-loop closes the shop and
    // counts the demo seller's sales, ai-pool sends the whole pool), and e-mails to the shared admin
    // inbox are found by their text. One file at a time left a core idle while a journey waited.
    fileParallelism: true,
    maxWorkers: 2,
    // Generous: the journeys share two cores with the server, PostgreSQL and Chromium.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a journey expects to show up; Vitest's default of 1 s failed the
    // cart badge after Add to cart (checkout) while the other journey file kept both cores busy.
    // Longer waits for the same outcome, like the locators' own 30 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
