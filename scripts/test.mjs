// `npm test`: lint, import boundaries, typecheck and the OpenAPI document check, then unit + component + API integration tests (Vitest), then the browser journeys.
// Extra arguments go to both Vitest runs, e.g. `npm test -- --reporter=dot`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontIfStale } from './lib/build-web.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const extra = process.argv.slice(2);
const target = process.env.TEST_DATABASE_URL ? 'PostgreSQL at TEST_DATABASE_URL' : 'embedded PostgreSQL';

function run(label, args, env = {}) {
  console.log(`\n[test] ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...args, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function lint() {
  console.log('\n[test] Biome (recommended rules and formatting)');
  const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
  return spawnSync(process.execPath, [biome, 'check', '.'], { cwd: root, stdio: 'inherit' }).status === 0;
}

/** Module and feature boundaries (.dependency-cruiser.cjs); exceptions that predate a rule are in its known-violations file. */
function boundaries() {
  console.log('\n[test] dependency-cruiser (module and feature boundaries, no cycles)');
  const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = ['apps', 'packages', '--config', '.dependency-cruiser.cjs', '--ignore-known'];
  return spawnSync(process.execPath, [depcruise, ...args], { cwd: root, stdio: 'inherit' }).status === 0;
}

/** One build of the project references (shared, then api and web against its declarations), incremental between runs. */
function typecheck() {
  console.log('\n[test] TypeScript (strict) on shared, api and web');
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  return spawnSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' }).status === 0;
}

function openApi() {
  console.log('\n[test] OpenAPI document: Spectral lint, typed client from openapi-typescript');
  return (
    spawnSync(process.execPath, [path.join(root, 'scripts/openapi-check.mjs')], { cwd: root, stdio: 'inherit' }).status === 0
  );
}

const chromePath = ensureChromium();
const suites = [
  ['lint', lint()],
  ['boundaries', boundaries()],
  ['typecheck', typecheck()],
  ['OpenAPI document (Spectral, generated client)', openApi()],
];
suites.push(['unit, component and API integration tests', run(`unit, component and API tests (${target})`, [])]);
await buildStorefrontIfStale();
suites.push([
  'browser journeys',
  run(`browser journeys in Chromium (${target})`, ['--config', 'apps/web/vitest.e2e.config.ts'], { CHROME_PATH: chromePath }),
]);

const failed = suites.filter(([, ok]) => !ok).map(([name]) => name);
console.log(failed.length ? `\n[test] FAILED: ${failed.join(', ')}` : '\n[test] all suites passed');
process.exit(failed.length ? 1 : 0);
