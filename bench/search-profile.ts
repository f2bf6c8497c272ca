// Where the CPU of a search goes: starts the API server on the 100k bench catalogue (bench/.data)
// with V8's sampling profiler (--cpu-prof), waits for its search index, loads it with distinct
// long-tail searches at 32 connections (wrk, loopback, BENCH_SECONDS), stops it and prints the CPU
// per search of each kind of thread, then for each profiled thread (the one that serves requests,
// and the search index's own) the functions with the most self time, the same grouped by file, and
// our functions' total time. Asserts nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer, stop } from './lib';
import { searchQueries } from './search-queries';

// BENCH_DATA_DIR: another seeded catalogue (e.g. the 1M one of bench:catalogue).
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/.data');
const DURATION = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? '32';
const OFFSET = Number(process.env.BENCH_OFFSET ?? 50_000);
if (!fs.existsSync(path.join(dataDir, 'bulk-seeded-v2'))) {
  console.error(`${dataDir} is not seeded: run \`npm run bench:catalogue\` once`);
  process.exit(1);
}
// BENCH_URL_FILE: profile other paths instead, one a line (e.g. the product-urls.txt bench:catalogue writes).
const queryFile = process.env.BENCH_URL_FILE ?? path.join(dataDir, 'search-queries.txt');
if (!process.env.BENCH_URL_FILE) fs.writeFileSync(queryFile, `${searchQueries(200_000).urls.join('\n')}\n`);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-profile-'));

const app = await startServer(dataDir, {}, [
  '--cpu-prof',
  `--cpu-prof-dir=${profileDir}`,
  `--cpu-prof-interval=${process.env.BENCH_PROFILE_INTERVAL_US ?? '250'}`,
  // Extra flags for the server, e.g. BENCH_NODE_ARGS=--trace-gc.
  ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
]);
if (!(await app.indexLoaded)) throw new Error('the search index never loaded');
await app.settled();
const script = path.join(root, 'bench/search-queries.lua');

/** utime + stime of a process in seconds (Linux /proc), 0 once it is gone. */
function processSeconds(pid: number | string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far of each kind of the server's threads, by the name Linux shows: MainThread (the
 * thread that serves requests), search-index (the index's own), V8Worker (V8's garbage collection
 * and compiler helpers), libuv-worker (file system and other blocking calls).
 */
function threadSeconds(pid: number): Record<string, number> {
  const seconds: Record<string, number> = {};
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const name = fs.readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      seconds[name] = (seconds[name] ?? 0) + processSeconds(`${pid}/task/${task}`);
    }
  } catch {}
  return seconds;
}

/** CPU seconds so far of the API server, of the embedded PostgreSQL (postmaster and its backends), and of this process's waited-for children (wrk). */
function cpuSeconds() {
  const postmaster = fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0] ?? '';
  let postgres = processSeconds(postmaster);
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
      if (ppid === postmaster) postgres += processSeconds(pid);
    } catch {}
  }
  const children = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    server: processSeconds(app.child.pid as number),
    threads: threadSeconds(app.child.pid as number),
    postgres,
    wrk: (Number(children[13]) + Number(children[14])) / 100,
  };
}
const wrk = (seconds: string, offset: number) =>
  spawnSync(
    'wrk',
    [
      `-t${CONNECTIONS === '1' ? 1 : 2}`,
      `-c${CONNECTIONS}`,
      '-s',
      script,
      `-d${seconds}s`,
      '--latency',
      `${app.base}/api/v1/products/`,
    ],
    { encoding: 'utf8', env: { ...process.env, QUERIES: queryFile, OFFSET: String(offset) } },
  ).stdout;
const loadBefore = os.loadavg();
wrk('2', OFFSET - 20_000);
// CLOCK_MONOTONIC in µs, the clock of the profile's timestamps: only samples of the measured run count.
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const windowStart = monotonicUs();
const cpuBefore = cpuSeconds();
const output = wrk(DURATION, OFFSET);
const cpuAfter = cpuSeconds();
const windowEnd = monotonicUs();
const loadAfter = os.loadavg();
await stop(app.child);
console.log(output);
const requests = Number(output.match(/(\d+) requests in/)?.[1] ?? 0);
const perRequest = (before: number, after: number) =>
  `${(((after - before) / requests) * 1000).toFixed(3)} ms (${(after - before).toFixed(2)} s)`;
const byThread = Object.keys(cpuAfter.threads)
  .filter((name) => (cpuAfter.threads[name] ?? 0) - (cpuBefore.threads[name] ?? 0) > 0)
  .map((name) => `${name} ${perRequest(cpuBefore.threads[name] ?? 0, cpuAfter.threads[name] ?? 0)}`);
console.log(
  `CPU per request: API server ${perRequest(cpuBefore.server, cpuAfter.server)} (${byThread.join(', ')}), PostgreSQL ${perRequest(cpuBefore.postgres, cpuAfter.postgres)}, wrk ${perRequest(cpuBefore.wrk, cpuAfter.wrk)}; ${requests} requests`,
);
console.log(
  `load average before ${loadBefore.map((n) => n.toFixed(2)).join(' / ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' / ')}`,
);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
// One profile per thread: the one that serves requests (thread id 0) and the search index's own.
const files = fs
  .readdirSync(profileDir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort();
if (files.length === 0) throw new Error(`no profile written in ${profileDir}`);
for (const file of files) report(file);
console.log(`\nprofiles kept in ${profileDir}`);

function report(file: string): void {
  const threadId = file.split('.').at(-3);
  console.log(
    `\n=== ${threadId === '0' ? 'the thread that serves requests' : `worker thread ${threadId} (the search index)`} (${file})`,
  );
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as {
    nodes: Node[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  // Hit counts recounted from the samples that fall inside the measured run.
  const hits = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] as number;
    if (at >= windowStart && at <= windowEnd) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  if (hits.size === 0) throw new Error('no sample inside the measured run: the clocks differ');
  for (const node of profile.nodes) node.hitCount = hits.get(node.id) ?? 0;
  const total = profile.nodes.reduce((sum, node) => sum + node.hitCount, 0);
  const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((s, n) => s + n.hitCount, 0);
  const busy = total - idle;
  const short = (url: string) =>
    url
      .replace(/^file:\/\//, '')
      .replace(`${root}/`, '')
      .replace(/.*node_modules\//, '~/');
  const tally = (key: (node: Node) => string) => {
    const sums = new Map<string, number>();
    for (const node of profile.nodes) sums.set(key(node), (sums.get(key(node)) ?? 0) + node.hitCount);
    return [...sums].sort((a, b) => b[1] - a[1]);
  };
  const pct = (n: number) => `${((n / busy) * 100).toFixed(1)}%`;
  console.log(
    `\nprofile: ${total} samples, ${pct(idle)} of busy time idle-equivalent (idle ${((idle / total) * 100).toFixed(1)}% of all)`,
  );
  console.log('\nself time by function (share of non-idle samples):');
  for (const [name, hits] of tally(
    (n) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
  )
    .filter(([name]) => !name.startsWith('(idle)'))
    .slice(0, 40))
    console.log(`  ${pct(hits).padStart(6)}  ${name}`);
  console.log('\nself time by file or package:');
  for (const [name, hits] of tally((n) => {
    const url = short(n.callFrame.url);
    if (url.startsWith('~/'))
      return url
        .split('/')
        .slice(0, url.startsWith('~/@') ? 3 : 2)
        .join('/');
    return url || n.callFrame.functionName;
  })
    .filter(([name]) => name !== '(idle)')
    .slice(0, 25))
    console.log(`  ${pct(hits).padStart(6)}  ${name}`);
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, Node>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const label = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const inclusive = new Map<string, number>();
  for (const node of profile.nodes) {
    if (node.hitCount === 0 || node.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: Node | undefined = node; at; at = parent.get(at.id)) seen.add(label(at));
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + node.hitCount);
  }
  console.log('\ntotal time (self + callees) of our own functions:');
  for (const [name, hits] of [...inclusive]
    .filter(([name]) => name.includes('apps/') || name.includes('packages/'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40))
    console.log(`  ${pct(hits).padStart(6)}  ${name}`);
}
