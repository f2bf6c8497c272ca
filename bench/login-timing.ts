// Sign-in timing for an existing vs a missing account: the two must be indistinguishable.
// Runs the real app on a throwaway embedded PostgreSQL and prints medians; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, ensureDatabaseExists, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { createDeps } from '../apps/api/src/deps';

const ROUNDS = 200;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
const server = await startEmbeddedPostgres(dataDir);
await ensureDatabaseExists(server.url('postgres'), 'bench');
await migrateDatabase(server.url('bench'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: server.url('bench'),
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  FAILED_LOGIN_LIMIT: '100000',
});
const db = createDatabase(server.url('bench'));
const app = await buildApp(createDeps(config, db, { embeddedDatabase: true, log: () => {} }), { logger: false });

await app.inject({
  method: 'POST',
  url: '/api/v1/auth/register',
  payload: { first_name: 'Tim', last_name: 'Ing', email: 'timing@example.org', password: 'Correct-horse-77' },
});

async function time(email: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = process.hrtime.bigint();
    await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: `Wrong-password-${i}` } });
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]?.toFixed(2);
const existing = await time('timing@example.org');
const missing = await time('nobody@example.org');
console.log(`failed sign-in, ${ROUNDS} rounds each (ms)`);
console.log(`existing account: p50 ${pct(existing, 50)}  p90 ${pct(existing, 90)}`);
console.log(`missing account:  p50 ${pct(missing, 50)}  p90 ${pct(missing, 90)}`);

await app.close();
await db.$client.end();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
