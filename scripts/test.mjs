// `npm test`: lint, import boundaries, typecheck and the OpenAPI document check, then unit + component + API integration tests (Vitest), then the browser journeys.
// Extra arguments go to both Vitest runs, e.g. `npm test -- --reporter=dot`.
// The four static checks run side by side (each one's output is printed whole when it ends), and the
// storefront is built in the background meanwhile; only the browser journeys wait for it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontInBackground } from './lib/build-web.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const extra = process.argv.slice(2);
const target = process.env.TEST_DATABASE_URL ? 'PostgreSQL at TEST_DATABASE_URL' : 'embedded PostgreSQL';

/** A Vitest run with its output as it comes; asynchronous, so the background build goes on meanwhile. */
function run(label, args, env = {}) {
  console.log(`\n[test] ${label}`);
  const started = Date.now();
  const child = spawn(process.execPath, [vitest, 'run', ...args, ...extra], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Piped, Vitest would drop its colours on a terminal.
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...env },
  });
  const output = [];
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output.push(chunk);
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    output.push(chunk);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      console.log(`[test] ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (code !== 0) failureReports.push([label, failureSections(Buffer.concat(output).toString('utf8'))]);
      resolve(code === 0);
    }),
  );
}

const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const FAILURE_HEADING = /⎯{2,} (Failed Tests|Failed Suites|Unhandled Errors?|Unhandled Rejection)/;
const RECAP_LINES = 200;

/**
 * Vitest's own account of what failed (its "Failed Tests", "Failed Suites" and "Unhandled Errors"
 * sections), cut to RECAP_LINES. The browser journeys print minutes of output after the first run's
 * account, and CI may keep only the end of the log: `npm test` repeats these sections last.
 */
function failureSections(output) {
  const lines = output.replace(ANSI_ESCAPE, '').split('\n');
  const first = lines.findIndex((line) => FAILURE_HEADING.test(line));
  if (first === -1) return 'Vitest printed no failure section: its exit code alone said it failed (see its output above).';
  const end = lines.findIndex((line, index) => index > first && /^\s*Test Files\s/.test(line));
  const sections = lines.slice(first, end === -1 ? undefined : end);
  const cut =
    sections.length > RECAP_LINES
      ? [...sections.slice(0, RECAP_LINES), `… and ${sections.length - RECAP_LINES} more lines in the run's output above`]
      : sections;
  return cut.join('\n').trimEnd();
}

const failureReports = [];

/** Runs a node script with its output kept, and prints the output under its label once it ends. */
function check(label, args) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n[test] ${label} (${seconds} s)\n${output.trimEnd()}`);
      if (code !== 0) failureReports.push([label, output.trimEnd().split('\n').slice(-RECAP_LINES).join('\n')]);
      resolve(code === 0);
    });
  });
}

const bin = (file) => path.join(root, 'node_modules', file);
const STATIC_CHECKS = [
  ['lint', 'Biome (recommended rules and formatting)', [bin('@biomejs/biome/bin/biome'), 'check', '.']],
  [
    'boundaries',
    // Module and feature boundaries (.dependency-cruiser.cjs); exceptions that predate a rule are in its known-violations file.
    'dependency-cruiser (module and feature boundaries, no cycles)',
    [
      bin('dependency-cruiser/bin/dependency-cruise.mjs'),
      'apps',
      'packages',
      '--config',
      '.dependency-cruiser.cjs',
      '--ignore-known',
    ],
  ],
  // One build of the project references (shared, then api and web against its declarations), incremental between runs.
  ['typecheck', 'TypeScript (strict) on shared, api and web', [bin('typescript/bin/tsc'), '-b']],
  [
    'OpenAPI document (Spectral, generated client)',
    'OpenAPI document: Spectral lint, typed client from openapi-typescript',
    [path.join(root, 'scripts/openapi-check.mjs')],
  ],
];

const chromePath = ensureChromium();
const storefront = buildStorefrontInBackground();
const checked = await Promise.all(STATIC_CHECKS.map(([, label, args]) => check(label, args)));
const suites = STATIC_CHECKS.map(([name], index) => [name, checked[index]]);
suites.push(['unit, component and API integration tests', await run(`unit, component and API tests (${target})`, [])]);
const built = await storefront;
if (built.output) console.log(`\n${built.output.trimEnd()}`);
if (!built.ok) {
  suites.push(['storefront build', false]);
} else {
  suites.push([
    'browser journeys',
    await run(`browser journeys in Chromium (${target})`, ['--config', 'apps/web/vitest.e2e.config.ts'], {
      CHROME_PATH: chromePath,
    }),
  ]);
}

const failed = suites.filter(([, ok]) => !ok).map(([name]) => name);
for (const [label, report] of failureReports) console.log(`\n[test] what failed in ${label}:\n${report}`);
console.log(failed.length ? `\n[test] FAILED: ${failed.join(', ')}` : '\n[test] all suites passed');
process.exit(failed.length ? 1 : 0);
