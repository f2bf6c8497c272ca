import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A running marketplace: its address, its data directory (outbox, uploads) and how to stop it. */
export interface Marketplace {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the marketplace exactly as `npm start` runs it (built storefront, API, demo data) on a
 * free loopback port with its own data directory. With TEST_DATABASE_URL it runs on a fresh
 * database of that server instead of the embedded one. `name` keeps the data directory and the
 * database apart from those of another server started at the same time.
 */
export async function startMarketplace(name = 'e2e'): Promise<Marketplace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-${name}-`));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const database = `mkt_${name.replace(/[^a-z0-9]/gi, '_')}_${process.pid}`;
    await adminQuery(process.env.TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${database}`);
    await adminQuery(process.env.TEST_DATABASE_URL, `CREATE DATABASE ${database}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    env.SEED_DEMO = 'true';
    dropDatabase = () => adminQuery(process.env.TEST_DATABASE_URL as string, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }

  const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => output);

  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await stop(server);
      await dropDatabase?.().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server the journeys share (a journey that changes the whole shop starts its own, see browser.ts). */
export default async function setup(project: TestProject) {
  const marketplace = await startMarketplace();
  project.provide('e2e', {
    baseUrl: marketplace.baseUrl,
    dataDir: marketplace.dataDir,
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  });
  return marketplace.stop;
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited during start:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in 90 s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; dataDir: string; chromePath: string };
  }
}
