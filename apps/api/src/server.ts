import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { ensureBootstrapAdmin } from './db/seed/accounts';
import { seedDemo } from './db/seed/demo';
import { prepareDatabase } from './db/setup';
import { createDeps } from './deps';
import { trackConnections } from './lib/drain';
import { trackRequestsInFlight } from './lib/in-flight';
import { postgresJobLeases } from './lib/job-leases';
import { createLifecycle } from './lib/lifecycle';
import { startPeriodicJobs } from './lib/scheduler';
import { aiPoolSweepJob } from './modules/ai-pool/transfers';
import { leadDigestJob } from './modules/chatbot/lead-digest';
import { paymentSweepJob } from './modules/payments/reconcile';
import { payoutScheduleJob } from './modules/payouts/transfers';
import { productUpdatesJob } from './modules/product-updates/send';
import { saleAlertsJob } from './modules/sale-alerts/send';
import { webhooksJob } from './modules/webhooks/deliver';

/** Beyond the drain, how long closing the database may take before the process gives up. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = (message: string) => console.log(`[marketplace] ${message}`);
  const database = await prepareDatabase(config, log);
  const db = createDatabase(database.url, config.databasePoolMax);
  const deps = createDeps(config, db, { embeddedDatabase: Boolean(database.embedded), log });

  if (config.bootstrapAdmin && (await ensureBootstrapAdmin(db, config.bootstrapAdmin))) {
    log(`created the admin account ${config.bootstrapAdmin.email}`);
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(db, deps.storage);
    if (seeded.accounts) log(`seeded ${seeded.accounts} demo accounts (see README)`);
    if (seeded.products) log(`seeded the demo catalogue: ${seeded.products} products with their orders, and promo codes`);
    if (seeded.threads) log(`seeded ${seeded.threads} demo forum threads`);
  }

  const lifecycle = createLifecycle();
  const app = await buildApp(deps, { lifecycle });
  const requestsInFlight = trackRequestsInFlight(app);
  const connections = trackConnections(app);
  // Catalogue changes made by any instance reach this one's caches and search index within a second.
  if (deps.searchIndex) deps.searchIndex.follow(deps.catalogChanges);
  void deps.catalogChanges.start();
  if (deps.searchIndex && config.catalogCacheMs > 0) {
    // In the background: searches take the SQL path until the index is ready (a 100k catalogue
    // takes tens of seconds to load), so a restart never waits for it to accept payments.
    const started = Date.now();
    const index = deps.searchIndex;
    void index
      .load()
      .then(async () => {
        const stats = await index.stats();
        if (stats)
          log(
            `search index: ${stats.products} products in ${Date.now() - started} ms from the ${stats.loadedFrom}, ~${Math.round(stats.bytes / 2 ** 20)} MiB`,
          );
      })
      .catch((error: unknown) => log(`search index not loaded (searches use SQL): ${String(error)}`));
  }
  const stopPeriodicJobs = startPeriodicJobs(
    [
      // Expires unpaid orders and resolves charges or refunds a crash left half-way.
      paymentSweepJob(deps, log),
      // Finishes payouts a crash left in flight, then pays sellers when the payout schedule is due.
      payoutScheduleJob(deps, log),
      // Finishes interrupted AI pool transfers and runs the scheduled one.
      aiPoolSweepJob(deps, log),
      // E-mails admins the assistant's new leads, at most once per CHATBOT_LEAD_DIGEST_MINUTES.
      leadDigestJob(deps, log),
      // Sends product updates (update notes, new versions) to past buyers in batches; resumes after a crash.
      productUpdatesJob(deps, log),
      // E-mails the sellers' sale and refund alerts a request could not send (a refusal, a crash after the commit).
      saleAlertsJob(deps, log),
      // Posts the sellers' signed webhook events that are due (first attempts and retries with back-off).
      webhooksJob(deps, log),
    ],
    log,
    // Each period of each job runs on one instance only, and a run left by a dead instance is taken over.
    { leases: postgresJobLeases(db) },
  );
  // The work begun after answers (onClose hooks: the search index), then, once no request can use
  // them, the periodic jobs' runs in progress, the change feed, the pool and the embedded server.
  const stopEverything = async () => {
    await app.close();
    await stopPeriodicJobs();
    await deps.catalogChanges.stop();
    await db.$client.end();
    await database.embedded?.stop();
  };
  let closing = false;
  const drainMs = config.shutdownDrainSeconds * 1000;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The readiness check fails from now on, so the load balancer sends no more.
    lifecycle.phase = 'draining';
    log(`${signal} received: finishing requests in flight (up to ${config.shutdownDrainSeconds} s), then stopping`);
    const force = setTimeout(() => process.exit(1), drainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    let exitCode = 0;
    try {
      const deadline = Date.now() + drainMs;
      // Every request already sent on an open connection is answered; done as soon as they all are.
      const cutOff = await connections.drain(deadline);
      if (cutOff) log(`${cutOff} request(s) still in flight after ${config.shutdownDrainSeconds} s: closing their connections`);
      // Handlers whose client hung up hold no connection, yet may still be about to use the database.
      await requestsInFlight.idle(deadline);
      // The listener is already closed.
      await stopEverything();
    } catch (error) {
      console.error(error);
      exitCode = 1;
    } finally {
      process.exit(exitCode);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // In the same order as a shutdown: a job cut off by a closed pool would log a failure that
    // hides the real one.
    await stopEverything();
    throw error;
  }
  if (lifecycle.phase === 'starting') lifecycle.phase = 'ready';
  log(`storefront and API at ${config.publicUrl} (API under /api/v1)`);
}

main().catch((error) => {
  console.error(startFailure(error));
  process.exit(1);
});

/** What to tell whoever started the server: the configuration's own message, a port taken, or the error. */
function startFailure(error: unknown): unknown {
  if (error instanceof ConfigError) return error.message;
  const { code, address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (code === 'EADDRINUSE')
    return `[marketplace] port ${port} (${address}) is already in use: stop what listens there, or set PORT to a free port`;
  return error;
}
