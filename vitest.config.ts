import { defineConfig } from 'vitest/config';

/** One `vitest run` covers every workspace; end-to-end journeys have their own config (apps/web/vitest.e2e.config.ts). */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
