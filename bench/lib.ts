// Shared helpers of the benchmarks: start the real server, find free ports, read a process's memory.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for `url` to answer 2xx: up to 15 minutes, as a start on a large catalogue runs its migrations first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 4500; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const startScript = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
/** The V8 flags `npm start` gives Node (package.json's start script), so a benchmark measures what ships. */
export const SERVER_NODE_FLAGS: string[] = startScript.match(/--[\w-]+=\S+/g) ?? [];
/** The environment `npm start` sets before Node (e.g. MALLOC_MMAP_THRESHOLD_), likewise. */
const SERVER_ENV: Record<string, string> = Object.fromEntries(
  [...startScript.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=(\S+)/g)].map((match) => [match[1] as string, match[2] as string]),
);

/** The API server process exactly as `npm start` runs it (minus the storefront build). */
export async function startServer(dataDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const port = await freePort();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.pipe(process.stdout);
  const loaded = searchIndexLoaded(child);
  const indexLoaded = loaded.then(Boolean);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v1/health`, child);
  /**
   * Resolves once the index is loaded and, after a full load from PostgreSQL, once the server has
   * saved its snapshot in the background (~2.8 GB at 1M, tens of seconds of CPU and disk): measure
   * after it, or the save is measured too.
   */
  const settled = async (): Promise<void> => {
    if ((await loaded) !== 'database') return;
    const file = path.join(dataDir, 'search-index.snapshot');
    const started = Date.now();
    const saved = () =>
      fs.existsSync(file) && fs.statSync(file).mtimeMs >= spawnedAt && !fs.existsSync(`${file}.${child.pid}.tmp`);
    while (!saved() && Date.now() - started < 600_000) await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`waited ${((Date.now() - started) / 1000).toFixed(1)} s for the server's snapshot save`);
  };
  return { child, base, port, indexLoaded, settled };
}

/** Resident memory of a process in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

/** Where the search index was loaded from, once the server logs it (undefined after `timeoutMs`). */
function searchIndexLoaded(child: ChildProcess, timeoutMs = 900_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      const from = /search index: \d+ products in \d+ ms from the (\w+)/.exec(chunk.toString())?.[1];
      if (from) {
        clearTimeout(timer);
        resolve(from);
      }
    });
  });
}
