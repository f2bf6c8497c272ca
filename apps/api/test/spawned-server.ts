import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { adminQuery, databaseUrl } from './database-url';

const serverEntry = path.resolve(__dirname, '../src/server.ts');

/**
 * The real server (src/server.ts) for a test that kills it (SIGKILL) mid-way and starts it again:
 * a database of its own (a clone of the migrated template) that the test reads and writes through
 * `db`, a data folder and a free port, the same for every start.
 */
export interface SpawnedServer {
  db: Database;
  port: number;
  dataDir: string;
  /** A server process on them, with the test's own settings on top of the common ones. */
  start(env: Record<string, string>): ChildProcess;
  /** Closes `db`, drops the database and removes the data folder. */
  close(): Promise<void>;
}

export async function spawnedServer(name: string): Promise<SpawnedServer> {
  const { serverUrl, template } = inject('testDatabase');
  const dbName = `mkt_${name}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template}`);
  const db = createDatabase(databaseUrl(serverUrl, dbName), 3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-${name}-`));
  const port = await freePort();
  return {
    db,
    port,
    dataDir,
    start: (env) =>
      spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl(serverUrl, dbName),
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          ...env,
        },
        stdio: 'ignore',
      }),
    async close() {
      await db.$client.end();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** Checks every 100 ms until `check` answers true; throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
