import { spawnSync } from 'node:child_process';
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
