/** A job the API runs in the background: once at start, then every `everyMs` (0: only at start). */
export interface PeriodicJob {
  /** Names the job in the log line of a failed run ("<name> failed: <message>") and its lease. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** A run of one job that this scheduler holds. */
export interface JobClaim {
  job: string;
  owner: string;
  /** 1 for a period's first run; more when the run was taken over from an instance that died. */
  attempts: number;
}

/** Where instances agree on who runs which period of a job (lib/job-leases.ts: PostgreSQL). */
export interface JobLeases {
  owner: string;
  /** The job's current period if it is due (or a run whose lease expired), or null: done, or held by a live run. */
  claim(job: string, everyMs: number, leaseMs: number): Promise<JobClaim | null>;
  /** Extends the lease; false when the run is no longer this scheduler's (it was presumed dead and taken over). */
  renew(claim: JobClaim, leaseMs: number): Promise<boolean>;
  /** Marks the run done, or failed with `error` (the next period runs it again). */
  finish(claim: JobClaim, error: string | null): Promise<void>;
}

export interface SchedulerOptions {
  /**
   * Shared leases: with them each period of a job runs on one instance only, and a run whose
   * instance died is taken over once its lease has expired. Without them this process runs every
   * job on its own timers (tests of the timing alone).
   */
  leases?: JobLeases;
  /** How long a run holds its lease without renewing it; renewed every third of that while it runs. */
  leaseMs?: number;
}

/** A dead instance's run is taken over at most this long (plus one check) after it stopped renewing. */
export const DEFAULT_LEASE_MS = 30_000;

/**
 * Starts every job. A run never overlaps the job's previous one, a failed run is logged and the
 * next one comes on time, and the timers are unref'd so they never keep the process alive. The
 * returned stop clears the timers and waits, job by job, for the runs in progress.
 *
 * With `leases`, a job's periods are fixed slices of wall-clock time (on the database's clock):
 * every instance checks twice a period (and at least once a lease) whether the current one is
 * still to run, and one claim wins.
 */
export function startPeriodicJobs(
  jobs: PeriodicJob[],
  log: (message: string) => void,
  options: SchedulerOptions = {},
): () => Promise<void> {
  const stops = jobs.map((job) => startJob(job, log, options));
  return async () => {
    for (const stop of stops) await stop();
  };
}

function startJob(job: PeriodicJob, log: (message: string) => void, options: SchedulerOptions): () => Promise<void> {
  const { leases, leaseMs = DEFAULT_LEASE_MS } = options;
  let running: Promise<void> | null = null;
  const runLeased = async (shared: JobLeases) => {
    const claim = await shared.claim(job.name, job.everyMs, leaseMs);
    if (!claim) return;
    if (claim.attempts > 1) log(`${job.name}: taking over a run whose instance stopped renewing its lease`);
    const renewal = setInterval(() => {
      shared.renew(claim, leaseMs).then(
        (held) => {
          if (!held) log(`${job.name}: lease lost (presumed dead and taken over); finishing this run anyway`);
        },
        (error: unknown) => log(`${job.name}: lease not renewed: ${(error as Error).message}`),
      );
    }, leaseMs / 3);
    renewal.unref();
    let failure: string | null = null;
    try {
      await job.run();
    } catch (error) {
      failure = (error as Error).message;
      log(`${job.name} failed: ${failure}`);
    } finally {
      clearInterval(renewal);
    }
    await shared.finish(claim, failure);
  };
  const tick = () => {
    running ??= Promise.resolve()
      .then(() => (leases ? runLeased(leases) : job.run()))
      .catch((error: unknown) => log(`${job.name} failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void tick();
  // Shared: check often enough that no period passes unseen and a dead instance's run is picked up.
  const checkEveryMs = leases ? Math.min(job.everyMs / 2, leaseMs) : job.everyMs;
  const timer = job.everyMs > 0 ? setInterval(tick, checkEveryMs) : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await running;
  };
}
