// Catalogue speed on 100,000 products (issues: catalogue, search, product pages; search long tail).
// Seeds bench/.data once, starts the API server as `npm start` runs it, and a bare Fastify route of the
// same response size as the ceiling, then loads each with wrk (loopback only, fixed duration):
// cached pages anonymous and signed in, and distinct (never cached) long-tail searches at 32
// connections and for one user. Prints requests/s and p50/p99 latency; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startServer, stop, waitFor } from './lib';
import { searchQueries } from './search-queries';

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

interface Load {
  connections?: string;
  threads?: string;
  script?: string;
  headers?: string[];
  /** Where the warm-up and the measured run start in the query file (searches must not repeat). */
  offsets?: [number, number];
}

function wrk(name: string, url: string, load: Load = {}): Result {
  const connections = load.connections ?? CONNECTIONS;
  const base = [
    `-t${load.threads ?? '2'}`,
    `-c${connections}`,
    ...(load.script ? ['-s', load.script] : []),
    ...(load.headers ?? []).flatMap((header) => ['-H', header]),
  ];
  const env = (offset: number) => ({ ...process.env, QUERIES: queryFile, OFFSET: String(offset) });
  spawnSync('wrk', [...base, '-d2s', url], { env: env(load.offsets?.[0] ?? 0) }); // warm-up
  const output = spawnSync('wrk', [...base, `-d${DURATION}s`, '--latency', url], {
    encoding: 'utf8',
    env: env(load.offsets?.[1] ?? 0),
  }).stdout;
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const p50 = output.match(/\s50%\s+([\d.]+\w+)/)?.[1] ?? '?';
  const p99 = output.match(/\s99%\s+([\d.]+\w+)/)?.[1] ?? '?';
  if (/Non-2xx/.test(output)) console.warn(`${name}: some responses were not 2xx\n${output}`);
  return { name, rps, p50, p99 };
}

ensureWrk();
// v2: the realistic catalogue (thousands of words); an older bench/.data must be deleted first.
const marker = path.join(dataDir, 'bulk-seeded-v2');
const seeded = fs.existsSync(marker);
if (!seeded) {
  console.log(`seeding ${PRODUCTS.toLocaleString('en-US')} products into ${dataDir} (once)…`);
  const seed = spawnSync('npm', ['run', 'seed', '--', '--products', String(PRODUCTS)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (seed.status !== 0) process.exit(1);
  fs.writeFileSync(marker, new Date().toISOString());
}

// 200,000 distinct searches: each run below reads its own 50,000 (25,000 per wrk thread).
const queryFile = path.join(dataDir, 'search-queries.txt');
const mix = searchQueries(200_000);
fs.writeFileSync(queryFile, `${mix.urls.join('\n')}\n`);
const share = (n: number) => `${((n / mix.urls.length) * 100).toFixed(0)}%`;
console.log(
  `query mix: ${mix.urls.length} distinct; multi-word ${share(mix.counts.multiword ?? 0)}, typo ${share(mix.counts.typo ?? 0)}, ` +
    `unfinished last word ${share(mix.counts.prefix ?? 0)}, filter ${share(mix.counts.filter ?? 0)}, sort ${share(mix.counts.sort ?? 0)}`,
);
const searchScript = path.join(root, 'bench/search-queries.lua');

async function signInToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'buyer@example.com', password: 'Buyer-demo-2026' }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${response.status}`);
  return body.access_token;
}

const results: Result[] = [];
const loadBefore = os.loadavg();
const app = await startServer(dataDir);
// The search index loads in the background after the server listens; measuring while it loads
// would charge its build to whichever target runs first.
const indexStarted = Date.now();
if (!(await app.indexLoaded)) console.warn('the search index did not load: searches took the SQL path');
console.log(`search index ready ${((Date.now() - indexStarted) / 1000).toFixed(1)} s after the server answered`);
const page = await (await fetch(`${app.base}/api/v1/products/`)).text();
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(page.length), String(barePort)], {
  cwd: root,
  stdio: 'ignore',
});
await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
const token = await signInToken(app.base);
console.log(`\nresponse of the catalogue page is ${page.length} bytes`);
const bareUrl = `http://127.0.0.1:${barePort}/bare`;
const products = `${app.base}/api/v1/products/`;
results.push(wrk('bare Fastify route', bareUrl));
results.push(wrk('catalogue, newest first (shared cache)', products));
results.push(wrk('catalogue, signed in (same shared cache)', products, { headers: [`Authorization: Bearer ${token}`] }));
results.push(
  wrk('search, distinct long-tail queries, 32 connections (uncached)', products, {
    script: searchScript,
    offsets: [0, 50_000],
  }),
);
results.push(wrk('bare Fastify route, one connection', bareUrl, { connections: '1', threads: '1' }));
results.push(
  wrk('search, distinct long-tail queries, one user (uncached)', products, {
    script: searchScript,
    connections: '1',
    threads: '1',
    offsets: [100_000, 150_000],
  }),
);
results.push(wrk('bare Fastify route (again, for drift)', bareUrl));
await stop(bare);
await stop(app.child);
const loadAfter = os.loadavg();

console.log(`\n| target | req/s | p50 | p99 | share of bare route |\n|---|---|---|---|---|`);
let ceiling = 1;
for (const r of results) {
  if (r.name.startsWith('bare')) ceiling = r.rps;
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.rps / ceiling) * 100).toFixed(0)}% |`);
}
const fmt = (load: number[]) => load.map((n) => n.toFixed(2)).join(' / ');
console.log(`\nload average (1/5/15 min) before: ${fmt(loadBefore)}, after: ${fmt(loadAfter)}; ${os.cpus().length} cores`);
