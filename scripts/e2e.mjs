// `npm run test:e2e`: the browser journeys alone (builds the storefront if it is stale first).
// Extra arguments go to Vitest, e.g. `npm run test:e2e -- apps/web/e2e/checkout.e2e.ts`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontIfStale } from './lib/build-web.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = ensureChromium();
await buildStorefrontIfStale();
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'apps/web/vitest.e2e.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromePath } },
);
process.exit(result.status ?? 1);
