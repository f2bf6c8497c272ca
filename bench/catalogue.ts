// Catalogue speed on 100,000 products (issue: catalogue, search, product pages).
// Seeds bench/.data once, starts the API server as `npm start` runs it, and a bare Fastify route of the
// same response size as the ceiling, then loads each with wrk (32 connections, loopback only,
// fixed duration). Prints requests/s and p50/p99 latency; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root, startServer, stop, waitFor } from './lib';

const dataDir = path.join(root, 'bench/.data');
const PRODUCTS = 100_000;
const DURATION = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = '32';

function ensureWrk() {
  if (spawnSync('which', ['wrk']).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error("wrk is needed: apt-get install -y wrk (Debian's package)");
  spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

interface Result {
  name: string;
  rps: number;
  p50: string;
  p99: string;
}

function wrk(name: string, url: string, script?: string): Result {
  spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, '-d2s', ...(script ? ['-s', script] : []), url]); // warm-up
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', ...(script ? ['-s', script] : []), url];
  const output = spawnSync('wrk', args, { encoding: 'utf8' }).stdout;
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const p50 = output.match(/\s50%\s+([\d.]+\w+)/)?.[1] ?? '?';
  const p99 = output.match(/\s99%\s+([\d.]+\w+)/)?.[1] ?? '?';
  if (/Non-2xx/.test(output)) console.warn(`${name}: some responses were not 2xx\n${output}`);
  return { name, rps, p50, p99 };
}

ensureWrk();
const seeded = fs.existsSync(path.join(dataDir, 'bulk-seeded'));
if (!seeded) {
  console.log(`seeding ${PRODUCTS.toLocaleString('en-US')} products into ${dataDir} (once)…`);
  const seed = spawnSync('npm', ['run', 'seed', '--', '--products', String(PRODUCTS)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (seed.status !== 0) process.exit(1);
  fs.writeFileSync(path.join(dataDir, 'bulk-seeded'), new Date().toISOString());
}

const results: Result[] = [];
for (const [label, env] of [
  ['as npm start runs it', {}],
  ['catalogue cache off', { CATALOG_CACHE_MS: '0' }],
] as const) {
  const app = await startServer(dataDir, env);
  const page = await (await fetch(`${app.base}/api/v1/products/`)).text();
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(page.length), String(barePort)], {
    cwd: root,
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
  console.log(`\n${label}: response of the catalogue page is ${page.length} bytes`);
  results.push(wrk(`bare Fastify route (${label})`, `http://127.0.0.1:${barePort}/bare`));
  results.push(wrk(`catalogue, newest first (${label})`, `${app.base}/api/v1/products/`));
  results.push(wrk(`category page (${label})`, `${app.base}/api/v1/products/?category=datasets`));
  results.push(
    wrk(
      `full-text search, 25 rotating terms (${label})`,
      `${app.base}/api/v1/products/`,
      path.join(root, 'bench/search-terms.lua'),
    ),
  );
  await stop(bare);
  await stop(app.child);
}

console.log(`\n| target | req/s | p50 | p99 | share of bare route |\n|---|---|---|---|---|`);
let ceiling = 1;
for (const r of results) {
  if (r.name.startsWith('bare')) ceiling = r.rps;
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.rps / ceiling) * 100).toFixed(0)}% |`);
}
