// Catalogue speed at 100,000 or 1,000,000 products (BENCH_PRODUCTS), every path a visitor takes:
// cached pages, product pages of random products, filter-and-sort combinations, deep pages and
// long-tail searches, none of the uncached ones ever answered from the page cache. Each target is
// measured right after a bare Fastify route sending the same number of bytes (the ceiling, in the
// same minute), with wrk on loopback for a fixed time; the table prints each goal of the issue
// beside its figure. It asserts nothing.
//
//   BENCH_PRODUCTS=1000000 BENCH_SECONDS=10 npm run bench:catalogue
//   BENCH_ONLY=search,filters (rows whose names hold one of these words)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { deepPageUrls, filterUrls } from './catalogue-urls';
import { freePort, root, startServer, stop, waitFor } from './lib';
import { searchQueries } from './search-queries';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, `bench/.data-${PRODUCTS}`);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// Rows to measure, by words of their names (`BENCH_ONLY=search,filter`); every row when unset.
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const WARM_UP = 2;
const luaScript = path.join(root, 'bench/search-queries.lua');

function ensureWrk() {
  if (spawnSync('which', ['wrk']).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error("wrk is needed: apt-get install -y wrk (Debian's package)");
  spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  /** What the Lua script reported: each thread's distinct lines, or REPEATED. */
  note: string;
}

/** A URL file walked in disjoint slices: each wrk run (warm-up or measured) and thread takes its own. */
class UrlFile {
  private nextOffset = 0;
  /** Set once the file had to be read again (a catalogue smaller than the runs need). */
  wrapped = false;
  constructor(
    readonly file: string,
    readonly lines: number,
  ) {}
  take(slice: number, threads: number): number {
    const offset = this.nextOffset;
    this.nextOffset += slice * threads;
    if (this.nextOffset <= this.lines) return offset;
    this.wrapped = true;
    this.nextOffset = slice * threads;
    return 0;
  }
}

/** Paths, one a line: wrk sends each to the host of the URL it was started with. */
function writeUrls(name: string, urls: string[]): UrlFile {
  const file = path.join(dataDir, `${name}.txt`);
  fs.writeFileSync(file, `${urls.join('\n')}\n`);
  return new UrlFile(file, urls.length);
}

const toMs = (text: string | undefined) => {
  const match = text?.match(/([\d.]+)(us|ms|s)/);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
};

function wrk(url: string, connections: number, options: { urls?: UrlFile; slice?: number; headers?: string[] } = {}): Measure {
  const threads = connections === 1 ? 1 : 2;
  // A 10 s timeout: a slow answer is measured, not dropped from the latencies (wrk's default is 2 s).
  const args = [`-t${threads}`, `-c${connections}`, '--timeout', '10s', ...(options.headers ?? []).flatMap((h) => ['-H', h])];
  // The warm-up walks a slice in proportion to its length (with room to spare): at the measured
  // run's rate it would use a fifth of the measured slice.
  const run = (seconds: number) => {
    const env = { ...process.env };
    if (options.urls) {
      const slice = Math.ceil(((options.slice ?? 25_000) * Math.min(DURATION, seconds * 1.5)) / DURATION);
      Object.assign(env, {
        QUERIES: options.urls.file,
        SLICE: String(slice),
        OFFSET: String(options.urls.take(slice, threads)),
      });
    }
    const script = options.urls ? ['-s', luaScript] : [];
    return spawnSync('wrk', [...args, ...script, `-d${seconds}s`, '--latency', url], { encoding: 'utf8', env }).stdout;
  };
  // A warm-up past its slice would have sent some of the measured run's URLs first.
  const warmUpRepeated = run(WARM_UP).includes('REPEATED');
  const output = run(DURATION);
  if (/Non-2xx/.test(output)) console.warn(`${url}: some answers were not 2xx\n${output}`);
  const threadLines = output.split('\n').filter((line) => line.startsWith('thread '));
  const repeated = warmUpRepeated || Boolean(options.urls?.wrapped) || threadLines.some((line) => line.includes('REPEATED'));
  const distinct = threadLines.reduce((sum, line) => sum + Number(line.match(/\((\d+) distinct\)/)?.[1] ?? 0), 0);
  const timeouts = Number(output.match(/timeout (\d+)/)?.[1] ?? 0);
  const notes = [
    ...(options.urls ? [repeated ? 'URLs REPEATED' : `${distinct} distinct URLs`] : []),
    ...(timeouts > 0 ? [`${timeouts} timed out after 10 s`] : []),
  ];
  return {
    rps: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: toMs(output.match(/\s50%\s+([\d.]+\w+)/)?.[1]),
    p99: toMs(output.match(/\s99%\s+([\d.]+\w+)/)?.[1]),
    note: notes.join('; '),
  };
}

interface Row {
  name: string;
  target: Measure;
  bare: Measure;
  goal: string;
  met: boolean;
}

ensureWrk();
fs.mkdirSync(dataDir, { recursive: true });
const marker = path.join(dataDir, 'bulk-seeded-v2');
if (!fs.existsSync(marker)) {
  console.log(`seeding ${PRODUCTS.toLocaleString('en-US')} products into ${dataDir} (once)…`);
  const started = Date.now();
  const seed = spawnSync('npm', ['run', 'seed', '--', '--products', String(PRODUCTS)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (seed.status !== 0) process.exit(1);
  fs.writeFileSync(marker, `${new Date().toISOString()} seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

const loadBefore = os.loadavg();
const app = await startServer(dataDir);
// Whatever happens below, the server does not outlive the benchmark.
process.on('exit', () => app.child.kill('SIGTERM'));
const indexStarted = Date.now();
if (!(await app.indexLoaded)) console.warn('the search index did not load: searches took the SQL path');
console.log(`search index ready ${((Date.now() - indexStarted) / 1000).toFixed(1)} s after the server answered`);
await app.settled();
warmSnapshotFile(path.join(dataDir, 'search-index.snapshot'));

/**
 * The rows' JSON is read from the snapshot file (search-index/rows.ts), through the page cache. A
 * page of a random product is a random read of a file of ~2.6 GiB at 1M. The server warms the file
 * itself after a restore, in the background, while the first targets already run; and this machine
 * lets go of page cache left unused for a while (a first read of the file after an idle spell took
 * 1.7 s against 0.4 s warm). Without this, the first targets measured the disk, not the server: it
 * is read once, in order, before them, as a long-running server's hot file is.
 */
function warmSnapshotFile(file: string): void {
  if (!fs.existsSync(file)) return;
  const started = Date.now();
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(8 << 20);
  let bytes = 0;
  for (let read = 1; read > 0; bytes += read) read = fs.readSync(fd, buffer, 0, buffer.length, bytes);
  fs.closeSync(fd);
  console.log(
    `snapshot file read once into the page cache: ${(bytes / 2 ** 30).toFixed(2)} GiB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const db = new pg.Client({
  connectionString: `postgresql://postgres@localhost/marketplace?host=${encodeURIComponent(path.join(dataDir, 'run'))}`,
});
await db.connect();
const ids = await db.query<{ id: string }>(
  "select id from products where status = 'approved' and deleted_at is null order by random() limit 1000000",
);
await db.end();

const products = writeUrls(
  'product-urls',
  ids.rows.map((row) => `/api/v1/products/${row.id}`),
);
const filters = writeUrls('filter-urls', filterUrls(300_000));
const deep = writeUrls('deep-page-urls', deepPageUrls(150_000));
const searches = writeUrls('search-urls', searchQueries(300_000).urls);

const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(barePort)], {
  cwd: root,
  stdio: 'ignore',
});
process.on('exit', () => bare.kill('SIGTERM'));
await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);

/** CPU time to compress one catalogue page, as the server does for an answer it has not cached. */
function compressionCost(page: ArrayBuffer): string {
  const json = Buffer.from(page);
  const time = (compress: () => Buffer) => {
    let size = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < 200; i += 1) size = compress().length;
    return { us: Number(process.hrtime.bigint() - started) / 200 / 1000, size };
  };
  const br = time(() => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
  const gzip = time(() => zlib.gzipSync(json));
  return `compressing a ${json.length} B catalogue page: brotli-4 ${br.us.toFixed(0)} µs → ${br.size} B, gzip-6 ${gzip.us.toFixed(0)} µs → ${gzip.size} B`;
}

/** The size of a typical answer of a target: the median of a few. */
async function typicalSize(urls: string[]): Promise<number> {
  const sizes: number[] = [];
  for (const url of urls) sizes.push((await (await fetch(url)).arrayBuffer()).byteLength);
  return sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)] ?? 0;
}
// The last lines of a file, which no measured run reaches.
const sample = (file: UrlFile) =>
  fs
    .readFileSync(file.file, 'utf8')
    .split('\n')
    .slice(-10, -1)
    .map((line) => app.base + line);

const rows: Row[] = [];
function measure(
  name: string,
  url: string,
  size: number,
  connections: number,
  goal: { share: number; p99: number },
  options = {},
) {
  if (ONLY.length > 0 && !ONLY.some((word) => name.includes(word))) return;
  const bareResult = wrk(`http://127.0.0.1:${barePort}/bare?size=${size}`, connections);
  const target = wrk(url, connections, options);
  const share = target.rps / bareResult.rps;
  const timedOut = target.note.includes('timed out');
  const met = share >= goal.share && target.p99 < goal.p99 && target.rps > 0 && !timedOut;
  const goalText = `${goal.share ? `≥ ${(goal.share * 100).toFixed(0)}% of bare, ` : ''}p99 < ${goal.p99} ms`;
  rows.push({ name: `${name} (${connections} conn.)`, target, bare: bareResult, goal: goalText, met });
  console.log(
    `${name}: ${target.rps.toFixed(0)} req/s, p99 ${target.p99} ms (${(share * 100).toFixed(1)}% of bare) ${target.note}`,
  );
}

const catalogue = `${app.base}/api/v1/products/`;
const productSize = await typicalSize(sample(products));
const filterSize = await typicalSize(sample(filters));
const deepSize = await typicalSize(sample(deep));
const searchSize = await typicalSize(sample(searches));
const pageSize = await typicalSize([catalogue]);
console.log(
  `answer sizes: catalogue page ${pageSize} B, product ${productSize} B, filters ${filterSize} B, deep ${deepSize} B, search ${searchSize} B`,
);
console.log(compressionCost(await (await fetch(catalogue)).arrayBuffer()));
// Slices per wrk thread and measured run, with room for a machine twice as fast as the fastest
// seen (2026-11-28 17:45: 26,700 product pages/s at 32 connections, 4,900 filter pages/s, 10,300
// product and 3,600 filter pages/s for one visitor). A target's warm-up and measured run take 1.3
// slices per thread from its file: 300,000 filter and search URLs, 150,000 deep pages, one product
// page per product (below 1M products the product rows wrap, and say URLs REPEATED).
const query = { slice: 50_000 };
const oneUser = { slice: 75_000 };
const productSlices = {
  crowd: Math.max(40_000, Math.floor(products.lines * 0.25)),
  oneUser: Math.max(40_000, Math.floor(products.lines * 0.22)),
};

measure('catalogue, newest first (cached)', catalogue, pageSize, 32, { share: 0.5, p99: 25 });
measure(
  'catalogue, cached, brotli (compressed once per page)',
  catalogue,
  pageSize,
  32,
  { share: 0.5, p99: 25 },
  {
    headers: ['Accept-Encoding: br'],
  },
);
measure(
  'product detail, random product',
  `${app.base}/`,
  productSize,
  32,
  { share: 0.25, p99: 25 },
  // Its own slices of the product file: 2 threads × 1.3 slices here, 1.3 for the one-user row.
  { urls: products, slice: productSlices.crowd },
);
measure(
  'catalogue, distinct filter and sort combinations',
  `${app.base}/`,
  filterSize,
  32,
  { share: 0.1, p99: 50 },
  { urls: filters, ...query },
);
measure(
  'catalogue, deep pages (results 5,000–10,000)',
  `${app.base}/`,
  deepSize,
  32,
  { share: 0, p99: 50 },
  { urls: deep, slice: 55_000 },
);
measure(
  'search, distinct long-tail queries',
  `${app.base}/`,
  searchSize,
  32,
  { share: 0.1, p99: 25 },
  { urls: searches, ...query },
);
measure(
  'product detail, one user',
  `${app.base}/`,
  productSize,
  1,
  { share: 0, p99: 10 },
  { urls: products, slice: productSlices.oneUser },
);
measure('catalogue filters, one user', `${app.base}/`, filterSize, 1, { share: 0, p99: 10 }, { urls: filters, ...oneUser });
measure('search, one user', `${app.base}/`, searchSize, 1, { share: 0, p99: 10 }, { urls: searches, ...oneUser });

await stop(bare);
const rss = fs.readFileSync(`/proc/${app.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
await stop(app.child);
const loadAfter = os.loadavg();

const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : '?');
console.log(`\n${PRODUCTS.toLocaleString('en-US')} products, ${DURATION} s per target after ${WARM_UP} s of warm-up\n`);
console.log(
  '| target | req/s | p50 | p99 | bare req/s | share of bare | goal | met | URLs |\n|---|---|---|---|---|---|---|---|---|',
);
for (const row of rows) {
  const share = ((row.target.rps / row.bare.rps) * 100).toFixed(1);
  console.log(
    `| ${row.name} | ${row.target.rps.toFixed(0)} | ${ms(row.target.p50)} | ${ms(row.target.p99)} | ${row.bare.rps.toFixed(0)} | ${share}% | ${row.goal} | ${row.met ? 'yes' : 'no'} | ${row.target.note} |`,
  );
}
const fmt = (load: number[]) => load.map((n) => n.toFixed(2)).join(' / ');
console.log(`\nAPI server RSS at the end: ${((Number(rss) || 0) / 1024).toFixed(0)} MiB`);
console.log(`load average (1/5/15 min) before: ${fmt(loadBefore)}, after: ${fmt(loadAfter)}; ${os.cpus().length} cores`);
