import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isAlive } from './process';
import type { JobClaim, JobLeases } from './scheduler';

/**
 * Leases on periodic jobs in the `job_runs` table, shared by every instance on the database
 * (docs/decisions/0029). Periods and lease expiry are read on the database's clock, so instances
 * whose clocks disagree still agree on the period.
 */
export function postgresJobLeases(db: Database, options: { owner?: string } = {}): JobLeases {
  /** This scheduler, as named in `job_runs.owner` while it holds a run: host/pid/random. */
  const owner = options.owner ?? `${os.hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;

  /** The current period if due, or a run whose lease has expired: one atomic upsert decides. */
  async function claimDue(job: string, everyMs: number, leaseMs: number): Promise<JobClaim | null> {
    const { rows } = await db.execute<{ attempts: number }>(sql`
      insert into job_runs as r (job, period_start, status, owner, lease_until, attempts, started_at)
      values (
        ${job},
        case when ${everyMs}::bigint > 0
          then to_timestamp(floor(extract(epoch from now()) * 1000 / ${everyMs}::bigint) * ${everyMs}::bigint / 1000.0)
          else now() end,
        'running', ${owner}, now() + make_interval(secs => ${leaseMs / 1000}), 1, now())
      on conflict (job) do update set
        period_start = excluded.period_start,
        status = 'running',
        owner = excluded.owner,
        lease_until = excluded.lease_until,
        attempts = case when r.period_start = excluded.period_start then r.attempts + 1 else 1 end,
        started_at = excluded.started_at,
        finished_at = null,
        error = null
      where case when r.status = 'running' then r.lease_until < now() else r.period_start < excluded.period_start end
      returning attempts`);
    const [row] = rows;
    return row ? { job, owner, attempts: row.attempts } : null;
  }

  /**
   * Ends at once the lease of a run held by a process of this machine that no longer exists (a
   * `kill -9` and a restart: the embedded default, or several processes on one host), instead of
   * waiting for it to expire. Another machine's runs are left to their leases.
   */
  async function releaseDeadLocalRun(job: string): Promise<boolean> {
    const { rows } = await db.execute<{ owner: string }>(
      sql`select owner from job_runs where job = ${job} and status = 'running' and lease_until >= now()`,
    );
    const holder = rows[0]?.owner;
    if (!holder || holder === owner) return false;
    const [host, pidText] = holder.split('/');
    const pid = Number(pidText);
    if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0 || isAlive(pid)) return false;
    const released = await db.execute(sql`
      update job_runs set lease_until = now() - interval '1 second'
      where job = ${job} and owner = ${holder} and status = 'running'
      returning job`);
    return released.rows.length > 0;
  }

  return {
    owner,
    async claim(job, everyMs, leaseMs) {
      const claimed = await claimDue(job, everyMs, leaseMs);
      if (claimed || !(await releaseDeadLocalRun(job))) return claimed;
      return claimDue(job, everyMs, leaseMs);
    },
    async renew(claim, leaseMs) {
      const { rows } = await db.execute(sql`
        update job_runs set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
        where job = ${claim.job} and owner = ${claim.owner} and status = 'running'
        returning job`);
      return rows.length > 0;
    },
    async finish(claim, error) {
      await db.execute(sql`
        update job_runs set status = ${error === null ? 'done' : 'failed'}, error = ${error}, finished_at = now(), lease_until = now()
        where job = ${claim.job} and owner = ${claim.owner} and status = 'running'`);
    },
  };
}
