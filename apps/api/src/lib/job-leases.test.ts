import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createDatabase, type Database } from '../db/client';
import { postgresJobLeases } from './job-leases';
import { type PeriodicJob, startPeriodicJobs } from './scheduler';

/**
 * Two app instances on one database, each with its own scheduler and connection pool: every
 * period of a job runs once, a run whose instance was killed is finished by the other, and a
 * failed run is retried in the next period.
 */

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await createTestApp();
  second = createDatabase(t.config.databaseUrl as string, 3);
});
afterAll(async () => {
  await second.$client.end();
  await t.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, if need be, until the current period of `everyMs` (aligned on the epoch, as job-leases.ts) has `roomMs` left. */
async function periodWithRoom(everyMs: number, roomMs: number): Promise<void> {
  const left = everyMs - (Date.now() % everyMs);
  if (left < roomMs) await wait(left + 100);
}

async function jobRow(db: Database, job: string) {
  const { rows } = await db.execute<{ status: string; attempts: number; owner: string; error: string | null }>(
    sql`select status, attempts, owner, error from job_runs where job = ${job}`,
  );
  return rows[0];
}

/** The period the running job holds, read from its row as the run sees it. */
async function claimedPeriod(db: Database, job: string): Promise<string> {
  const { rows } = await db.execute<{ period: string }>(
    sql`select period_start::text as period from job_runs where job = ${job}`,
  );
  return rows[0]?.period ?? '?';
}

describe('periodic jobs across instances', () => {
  it('run each period exactly once between two instances', async () => {
    const runs: { instance: string; period: string }[] = [];
    const sweep = (instance: string, db: Database): PeriodicJob => ({
      name: 'test sweep',
      everyMs: 1_000,
      run: async () => {
        runs.push({ instance, period: await claimedPeriod(db, 'test sweep') });
        await wait(50);
      },
    });
    const started = Date.now();
    const stopA = startPeriodicJobs([sweep('A', t.db)], () => {}, { leases: postgresJobLeases(t.db) });
    const stopB = startPeriodicJobs([sweep('B', second)], () => {}, { leases: postgresJobLeases(second) });
    await wait(5_200);
    await Promise.all([stopA(), stopB()]);
    const elapsedPeriods = (Date.now() - started) / 1_000;

    const periods = runs.map((run) => run.period);
    expect(new Set(periods).size, JSON.stringify(runs)).toBe(periods.length);
    // Every period seen while both ran (the first may have been partly before the start; one more
    // may slip past a machine too loaded to check on time).
    expect(periods.length).toBeGreaterThanOrEqual(Math.floor(elapsedPeriods) - 2);
    expect(periods.length).toBeLessThanOrEqual(Math.ceil(elapsedPeriods) + 1);
    expect((await jobRow(t.db, 'test sweep'))?.status).toBe('done');
  });

  it('leave a long run to the instance that keeps renewing its lease', async () => {
    let finish = () => {};
    let runsA = 0;
    let runsB = 0;
    const long: PeriodicJob = {
      name: 'long payout run',
      everyMs: 60_000,
      run: () => {
        runsA += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const other: PeriodicJob = {
      name: 'long payout run',
      everyMs: 60_000,
      run: async () => {
        runsB += 1;
      },
    };
    const leaseMs = 1_500;
    // The test lasts ~6 s: a new minute meanwhile would be a new period, which B must run.
    await periodWithRoom(60_000, 10_000);
    const stopA = startPeriodicJobs([long], () => {}, { leases: postgresJobLeases(t.db), leaseMs });
    await wait(300);
    const stopB = startPeriodicJobs([other], () => {}, { leases: postgresJobLeases(second), leaseMs });
    // Three lease lengths: B checks every 1.5 s and always finds the lease renewed (every 0.5 s).
    await wait(4_500);
    expect(runsA).toBe(1);
    expect(runsB).toBe(0);
    finish();
    await wait(1_000);
    await Promise.all([stopA(), stopB()]);
    expect(runsB).toBe(0);
    expect(await jobRow(t.db, 'long payout run')).toMatchObject({ status: 'done', attempts: 1 });
  });

  /** Starts a scheduler in its own process that claims `job` and never finishes it; resolves once it runs. */
  async function startHangingInstance(job: string, leaseMs: number, owner?: string) {
    const instance = spawn(
      process.execPath,
      [
        '--conditions=@app/source',
        '--import',
        'tsx',
        path.resolve(__dirname, '../../test/job-instance.ts'),
        t.config.databaseUrl as string,
        job,
        String(leaseMs),
        ...(owner ? [owner] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    instance.stdout.on('data', (chunk) => (output += chunk));
    instance.stderr.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 30_000;
    while (!output.includes('running')) {
      if (Date.now() > deadline || instance.exitCode !== null) {
        instance.kill('SIGKILL');
        throw new Error(`instance never ran the job:\n${output}`);
      }
      await wait(50);
    }
    return instance;
  }

  /** Runs `job` on the second instance until it has run once; resolves with when it ran and what it logged. */
  async function takeOver(job: string, leaseMs: number) {
    let ranAt = 0;
    const log: string[] = [];
    const stop = startPeriodicJobs(
      [
        {
          name: job,
          everyMs: 60_000,
          run: async () => {
            ranAt = Date.now();
          },
        },
      ],
      (message) => log.push(message),
      { leases: postgresJobLeases(second), leaseMs },
    );
    const started = Date.now();
    while (!ranAt && Date.now() - started < 15_000) await wait(50);
    await stop();
    return { ranAt, log };
  }

  it('finish the run of an instance on another machine, killed half-way, once its lease has expired', async () => {
    const leaseMs = 1_000;
    const instance = await startHangingInstance('pool transfer', leaseMs, 'other-machine.internal/4242/abc123');
    try {
      instance.kill('SIGKILL');
      const killedAt = Date.now();
      const { ranAt, log } = await takeOver('pool transfer', leaseMs);
      expect(ranAt).toBeGreaterThan(0);
      // Not before the dead instance's lease ran out (renewed at most a third of it before the kill);
      // within the lease plus one check after it.
      expect(ranAt - killedAt).toBeGreaterThan(leaseMs / 2);
      expect(ranAt - killedAt).toBeLessThan(3 * leaseMs + 500);
      const row = await jobRow(t.db, 'pool transfer');
      expect(row).toMatchObject({ status: 'done', attempts: 2 });
      expect(row?.owner).not.toBe('other-machine.internal/4242/abc123');
      expect(log).toContain('pool transfer: taking over a run whose instance stopped renewing its lease');
    } finally {
      instance.kill('SIGKILL');
    }
  }, 60_000);

  it('take over at once the run of a process of this machine that was killed (kill -9 and restart)', async () => {
    const leaseMs = 30_000;
    const instance = await startHangingInstance('payment sweep', leaseMs);
    try {
      instance.kill('SIGKILL');
      await new Promise((resolve) => instance.once('exit', resolve));
      const killedAt = Date.now();
      const { ranAt } = await takeOver('payment sweep', leaseMs);
      expect(ranAt).toBeGreaterThan(0);
      expect(ranAt - killedAt).toBeLessThan(leaseMs / 3);
      expect(await jobRow(t.db, 'payment sweep')).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      instance.kill('SIGKILL');
    }
  }, 60_000);

  it('retry a failed run in the next period, never again in the same one', async () => {
    const attempts: { instance: string; period: string }[] = [];
    const flaky = (instance: string, db: Database): PeriodicJob => ({
      name: 'flaky expiry',
      everyMs: 1_500,
      run: async () => {
        attempts.push({ instance, period: await claimedPeriod(db, 'flaky expiry') });
        if (attempts.length === 1) throw new Error('provider unreachable');
      },
    });
    const logA: string[] = [];
    const logB: string[] = [];
    const stopA = startPeriodicJobs([flaky('A', t.db)], (m) => logA.push(m), { leases: postgresJobLeases(t.db) });
    const stopB = startPeriodicJobs([flaky('B', second)], (m) => logB.push(m), { leases: postgresJobLeases(second) });
    while (attempts.length < 2) await wait(50);
    await wait(100);
    const failedRow = attempts.length;
    await Promise.all([stopA(), stopB()]);
    expect([...logA, ...logB]).toContain('flaky expiry failed: provider unreachable');
    expect(failedRow).toBe(2);
    expect(attempts[1]?.period).not.toBe(attempts[0]?.period);
    expect(await jobRow(t.db, 'flaky expiry')).toMatchObject({ status: 'done', error: null });
  });
});
