/** A job the API runs in the background: once at start, then every `everyMs` (0: only at start). */
export interface PeriodicJob {
  /** Names the job in the log line of a failed run: "<name> failed: <message>". */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Starts every job. A run never overlaps the job's previous one, a failed run is logged and the
 * next one comes on time, and the timers are unref'd so they never keep the process alive. The
 * returned stop clears the timers and waits, job by job, for the runs in progress.
 */
export function startPeriodicJobs(jobs: PeriodicJob[], log: (message: string) => void): () => Promise<void> {
  const stops = jobs.map((job) => startJob(job, log));
  return async () => {
    for (const stop of stops) await stop();
  };
}

function startJob(job: PeriodicJob, log: (message: string) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= Promise.resolve()
      .then(() => job.run())
      .catch((error: unknown) => log(`${job.name} failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void tick();
  const timer = job.everyMs > 0 ? setInterval(tick, job.everyMs) : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await running;
  };
}
