// Sign-in and forgot-password timing for an existing vs a missing account: the two must be
// indistinguishable. Runs the real app on a throwaway embedded PostgreSQL and prints medians;
// asserts nothing.
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
  // Never slowed as an account under attack: the bench measures the work, not the deliberate delay.
  FAILED_LOGIN_ACCOUNT_LIMIT: '100000',
});
const db = createDatabase(server.url('bench'));
const deps = createDeps(config, db, { embeddedDatabase: true, log: () => {} });
const app = await buildApp(deps, { logger: false });

await app.inject({
  method: 'POST',
  url: '/api/v1/auth/register',
  payload: { first_name: 'Tim', last_name: 'Ing', email: 'timing@example.org', password: 'Correct-horse-77' },
});

type Who = 'existing' | 'missing';
const EMAIL: Record<Who, string> = { existing: 'timing@example.org', missing: 'nobody@example.org' };

/**
 * Times `send` for the existing and the missing account, `rounds` each, taking turns in a
 * shuffled order so that neither always follows the other (nor gets the machine's quieter
 * minutes). Each request is timed twice: until its answer (what a caller can measure), and until
 * the work it began after answering is done (forgot-password looks the account up, stores and
 * mails a link after its answer: this is what the answer took when that work ran first). Each
 * request waits for that work outside the timing, so one request's mail never slows the next.
 */
async function compare(send: (email: string, round: number) => Promise<unknown>, rounds: number) {
  const samples = {
    existing: { answer: [] as number[], withWork: [] as number[] },
    missing: { answer: [] as number[], withWork: [] as number[] },
  };
  const order = Array.from({ length: rounds * 2 }, (_, i): Who => (i % 2 === 0 ? 'existing' : 'missing'));
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j] as Who, order[i] as Who];
  }
  for (const [round, who] of order.entries()) {
    const started = process.hrtime.bigint();
    await send(EMAIL[who], round);
    samples[who].answer.push(Number(process.hrtime.bigint() - started) / 1e6);
    await deps.afterReply.settled();
    samples[who].withWork.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  for (const list of Object.values(samples)) {
    list.answer.sort((a, b) => a - b);
    list.withWork.sort((a, b) => a - b);
  }
  return samples;
}

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]?.toFixed(2);
const line = (label: string, s: number[]) => `${label} p50 ${pct(s, 50)}  p90 ${pct(s, 90)}`;

const signIn = (email: string, round: number) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: `Wrong-password-${round}` } });
await compare(signIn, 20); // warm-up
const login = await compare(signIn, ROUNDS);
console.log(`failed sign-in, ${ROUNDS} rounds each (ms)`);
console.log(line('existing account:', login.existing.answer));
console.log(line('missing account: ', login.missing.answer));

const forgot = (email: string) => app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
await compare(forgot, 50); // warm-up: first mails, prepared statements
const reset = await compare(forgot, ROUNDS * 4);
console.log(`forgot-password, ${ROUNDS * 4} rounds each (ms): the answer | the answer plus the work begun after it`);
for (const who of ['existing', 'missing'] as const) {
  console.log(`${line(`${who} account:`.padEnd(17), reset[who].answer)} | ${line('with work', reset[who].withWork)}`);
}

await app.close();
await db.$client.end();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
