import { createDatabase } from '../src/db/client';
import { postgresJobLeases } from '../src/lib/job-leases';
import { startPeriodicJobs } from '../src/lib/scheduler';

/**
 * An app instance reduced to its scheduler, for the jobs-once tests: it claims `job` (period 60 s),
 * prints "running", and never finishes, until the test kills it with SIGKILL.
 * Arguments: database URL, job name, lease in ms, and optionally the owner name it claims under
 * (`host/pid/id`; another host's name makes it pass for an instance on another machine).
 */
const [url, name, leaseMs, owner] = process.argv.slice(2);
if (!url || !name || !leaseMs) throw new Error('usage: job-instance <database url> <job> <lease ms>');
const db = createDatabase(url, 2);
startPeriodicJobs(
  [
    {
      name,
      everyMs: 60_000,
      run: () => {
        console.log('running');
        return new Promise<void>(() => {});
      },
    },
  ],
  (message) => console.log(message),
  { leases: postgresJobLeases(db, { owner }), leaseMs: Number(leaseMs) },
);
// The scheduler's timers are unref'd; a real instance is kept alive by its HTTP server.
setInterval(() => {}, 60_000);
