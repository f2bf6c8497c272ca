import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/** Files that replace modules with vi.mock(): each gets a module graph of its own (vitest.isolated.config.ts). */
export const ISOLATED_FILES = 'src/**/*.isolated.test.{ts,tsx}';

export const webProject = (test: NonNullable<UserWorkspaceConfig['test']>): UserWorkspaceConfig => ({
  plugins: [react()],
  resolve: {
    conditions: ['@app/source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['@app/source'] } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // jsdom and user-event are slow on a busy 2-core CI machine; a generous limit keeps tests about behaviour, not speed.
    testTimeout: 40_000,
    ...test,
  },
});

/**
 * Component tests. A worker runs its files one after another in one module graph, as the API suite
 * does: importing React, the router and the app's modules again for every file cost more than the
 * tests (web suite 289 s → ~100 s on 2 cores). Each file still gets a fresh jsdom document; every
 * module is loaded before the tests (src/test/load-app-modules.ts), and src/test/setup.ts resets
 * what the app keeps between renders (session, storage, preferences, language, initial answers,
 * toasts, mocks, timers); a test that changes a global puts it back as it found it. See
 * docs/decisions/0053-component-tests-share-a-module-graph.md.
 */
export default defineProject(
  webProject({
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [ISOLATED_FILES],
    isolate: false,
    setupFiles: ['./src/test/load-app-modules.ts', './src/test/setup.ts'],
  }),
);
