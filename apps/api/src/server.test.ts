// @database-server: the real process on the server: migrations at start, a kill -9 leaving its connections open, restart
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProcessDatabase, processDatabase } from '../test/process-database';

/**
 * The real server process: embedded database lifecycle, storefront fallback, crash recovery, shutdown.
 * With TEST_DATABASE_URL the process runs on a database on that server instead of its embedded one;
 * the checks of the embedded server's own lifecycle (one app per data directory, a server left
 * running by a killed app) apply to the embedded default only.
 */

const serverEntry = path.resolve(__dirname, 'server.ts');
let dataDir: string;
let webDir: string;
let port: number;
let database: ProcessDatabase;

beforeAll(async () => {
  database = await processDatabase({ seedDemo: true });
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-process-'));
  dataDir = path.join(base, 'data');
  webDir = path.join(base, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>storefront</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log("app")');
  port = await freePort();
});

afterAll(async () => {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  await database?.drop();
});

function startServer(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      ...database.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitUntilHealthy(server: ReturnType<typeof startServer>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return response.json();
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server never became healthy:\n${server.output()}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

describe('the server process', () => {
  it('serves the API and the storefront, keeps committed rows across a kill -9, and stops cleanly on SIGTERM', async () => {
    const first = startServer();
    expect(await waitUntilHealthy(first)).toEqual({
      status: 'ok',
      database: 'postgres',
      embedded: database.embedded,
    });

    // Storefront: client routes fall back to index.html; /api and missing files never do.
    const page = await fetch(url('/products/abc'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>storefront</title>');
    expect((await fetch(url('/assets/app-123.js'))).headers.get('cache-control')).toContain('immutable');
    expect((await fetch(url('/favicon.ico'))).status).toBe(404);
    const api404 = await fetch(url('/api/v1/no-such-route'));
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ code: 'NOT_FOUND' });

    // Demo data is seeded in the embedded default (and on the test server's database, by SEED_DEMO).
    const demo = await fetch(url('/api/v1/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', password: 'Buyer-demo-2026' }),
    });
    expect(demo.status).toBe(200);

    const email = `crash.${Date.now()}@example.org`;
    const registered = await fetch(url('/api/v1/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Crash', last_name: 'Test', email, password: 'Sturdy-bridge-31' }),
    });
    expect(registered.status).toBe(201);

    if (database.embedded) {
      // A second app on the same data directory refuses to start and leaves the first one alone.
      const intruder = startServer();
      expect(await exited(intruder.child)).not.toBe(0);
      expect(intruder.output()).toContain('already running');
      expect((await fetch(url('/api/v1/health'))).status).toBe(200);
    }

    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = startServer();
    await waitUntilHealthy(second);
    // The embedded server the killed app left behind is stopped and started again.
    if (database.embedded) expect(second.output()).toContain('left running');
    const login = await fetch(url('/api/v1/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Sturdy-bridge-31' }),
    });
    expect(login.status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('says which port is taken when another program listens on it, and stops without a job failure or a database left running', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const server = startServer();
      expect(await exited(server.child)).toBe(1);
      expect(server.output()).toContain(`port ${port} (127.0.0.1) is already in use`);
      expect(server.output()).not.toContain('failed:');
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}
