import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');
const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(root, 'packages/shared/src'),
  path.join(root, 'package-lock.json'),
];

// Always the production build of React and the app: a caller running with NODE_ENV=test (the browser
// tests start the app from Vitest) would otherwise get React's development build, which the next
// `npm start` would then serve because it is newer than the sources.
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((latest, entry) => Math.max(latest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

/**
 * Runs `vite build`, then writes the brotli and gzip copies the server sends (apps/web/scripts/precompress.mjs),
 * unless apps/web/dist is newer than every storefront source.
 */
export async function buildStorefrontIfStale({ force = false } = {}) {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (!force && builtAt > Math.max(...sources.map(newestChange))) return;
  console.log('[marketplace] building the storefront (apps/web)…');
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    env: BUILD_ENV,
    stdio: 'inherit',
  });
  const compressed =
    result.status === 0 &&
    spawnSync(process.execPath, [path.join(webDir, 'scripts/precompress.mjs')], { cwd: webDir, stdio: 'inherit' }).status === 0;
  if (!compressed) {
    console.error('[marketplace] the storefront build failed');
    process.exit(result.status || 1);
  }
  console.log(`[marketplace] storefront built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function runQuietly(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: BUILD_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * The same build as buildStorefrontIfStale, started in the background (for `npm test`, beside the
 * checks that do not need it). Its output is kept until it is awaited; resolves whether the
 * storefront is built.
 */
export async function buildStorefrontInBackground() {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestChange))) return { ok: true, output: '' };
  const started = Date.now();
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const built = await runQuietly([vite, 'build', '--logLevel', 'warn'], webDir);
  if (!built.ok) return { ok: false, output: `${built.output}[marketplace] the storefront build failed\n` };
  const compressed = await runQuietly([path.join(webDir, 'scripts/precompress.mjs')], webDir);
  const output = built.output + compressed.output;
  if (!compressed.ok) return { ok: false, output: `${output}[marketplace] the storefront build failed\n` };
  return { ok: true, output: `${output}[marketplace] storefront built in ${((Date.now() - started) / 1000).toFixed(1)} s\n` };
}
