import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AppDeps } from '../../lib/context';
import type { PeriodicJob } from '../../lib/scheduler';
import { type LookupAll, resolveTarget, TargetRefused } from './addresses';
import {
  type ClaimedDelivery,
  claimDueDelivery,
  finishDelivery,
  listEndpointsToSeal,
  pruneAttempts,
  releaseStaleDeliveries,
  replaceEndpointSecret,
} from './repository';
import {
  isPlaintextSecret,
  isSealedWith,
  keyId,
  openWebhookSecret,
  sealWebhookSecret,
  type WebhookSecretKeys,
  WebhookSecretUnavailable,
  webhookSecretKeys,
} from './secrets';
import { SIGNATURE_HEADER, signWebhook } from './signature';

/** Waits before the 2nd, 3rd … attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h; then the delivery has failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A receiver answers within this long, or the attempt failed. */
const TIMEOUT_MS = 10_000;
/** …and has given its whole answer (at most RESPONSE_BODY_LIMIT characters are read) within this long. */
const TOTAL_MS = 20_000;
/** A delivery left `delivering` this long belongs to a runner that died: it is due again. */
const STALE_DELIVERING_MS = 2 * 60_000;
/** What the log keeps of a receiver's answer. */
export const RESPONSE_BODY_LIMIT = 1000;
/** Deliveries one run attempts at most. */
const RUN_LIMIT = 200;
const CHECK_EVERY_MS = 30_000;
/** Deliveries are kept; their attempts only this long (decision 0050). */
export const ATTEMPT_RETENTION_MS = 30 * 24 * 3600_000;
/** Attempts one run deletes at most (the rest go in the next run). */
const PRUNE_BATCH = 5000;
/** Why a delivery whose signing secret cannot be opened is not sent (it is never sent unsigned). */
export const SECRET_UNAVAILABLE_ERROR = 'not sent: the signing secret could not be decrypted (server key configuration)';

export interface DeliverOptions {
  /** Deliveries due by this time (tests move the clock to see the retries). */
  now?: Date;
  /** Only this endpoint's deliveries (a test event, right after it is written). */
  endpointId?: string;
  /** Resolves host names (tests stand in a name that resolves to loopback). */
  lookup?: LookupAll;
  /** How long a delivery may stay `delivering` before its runner is presumed dead. */
  staleDeliveringMs?: number;
  /** Whether this run first releases the deliveries of dead runners (the job's runs do; a run right after a request leaves it to them). */
  releaseStale?: boolean;
  /** The operator's log (a signing secret that cannot be decrypted is named there). */
  log?: (message: string) => void;
}

interface AttemptResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

/** The JSON a receiver gets: the event's id (for deduplication), type, time and data. */
export function webhookBody(delivery: ClaimedDelivery): string {
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.eventType,
    created: Math.floor(delivery.eventCreatedAt.getTime() / 1000),
    data: delivery.payload,
  });
}

/**
 * Posts one signed delivery. The host is resolved and every address checked now (not only when the
 * endpoint was added: DNS can change), and the connection goes to the very address checked.
 * Redirects are not followed.
 */
async function attempt(
  delivery: ClaimedDelivery,
  secret: string,
  allowLoopback: boolean,
  lookup?: LookupAll,
): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return { statusCode: null, responseBody: null, error: 'invalid URL' };
  }
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveTarget(url.hostname, allowLoopback, lookup);
  } catch (error) {
    if (error instanceof TargetRefused) return { statusCode: null, responseBody: null, error: `refused: ${error.message}` };
    throw error;
  }
  const body = webhookBody(delivery);
  const timestamp = Math.floor(Date.now() / 1000);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AI-Marketplace-Webhooks/1.0',
          'marketplace-event-id': delivery.eventId,
          'marketplace-event-type': delivery.eventType,
          [SIGNATURE_HEADER.toLowerCase()]: signWebhook(secret, timestamp, body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length > RESPONSE_BODY_LIMIT) response.destroy();
        });
        const done = () =>
          resolve({ statusCode: response.statusCode ?? null, responseBody: text.slice(0, RESPONSE_BODY_LIMIT), error: null });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    // A receiver that answers byte by byte gets no longer than this in all.
    const deadline = setTimeout(() => request.destroy(new Error(`no complete answer within ${TOTAL_MS / 1000} s`)), TOTAL_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (error) => resolve({ statusCode: null, responseBody: null, error: error.message.slice(0, 300) }));
    request.end(body);
  });
}

/**
 * Delivers what is due, one delivery at a time, each claimed first (so two runners never post the
 * same one at once). A 2xx answer is success; anything else is tried again after the next back-off
 * delay, until the last attempt. Answers how many succeeded and failed for good.
 */
export async function deliverWebhooks(deps: AppDeps, options: DeliverOptions = {}) {
  const result = { succeeded: 0, failed: 0, retrying: 0 };
  if (options.releaseStale ?? true) await releaseStaleDeliveries(deps.db, options.staleDeliveringMs ?? STALE_DELIVERING_MS);
  const tried: string[] = [];
  const allowLoopback = deps.config.webhooks.allowLoopback;
  const keys = webhookSecretKeys(deps);
  for (let taken = 0; taken < RUN_LIMIT; taken += 1) {
    const delivery = await claimDueDelivery(deps.db, options.now ?? new Date(), tried, options.endpointId);
    if (!delivery) break;
    tried.push(delivery.id);
    const attemptedAt = new Date();
    // Only ever the event's own seller's endpoint (the outbox wrote it so; checked again here).
    if (delivery.endpointDeletedAt || delivery.endpointUserId !== delivery.eventSellerId) {
      await finishDelivery(deps.db, delivery, {
        status: 'failed',
        statusCode: null,
        responseBody: null,
        error: 'endpoint removed',
        attemptedAt,
        durationMs: 0,
      });
      result.failed += 1;
      continue;
    }
    const secret = await openSecretForDelivery(deps, keys, delivery, options.log);
    const outcome: AttemptResult = secret
      ? await attempt(delivery, secret, allowLoopback, options.lookup)
      : { statusCode: null, responseBody: null, error: SECRET_UNAVAILABLE_ERROR };
    const measured = { attemptedAt, durationMs: Date.now() - attemptedAt.getTime() };
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) {
      await finishDelivery(deps.db, delivery, { ...outcome, ...measured, status: 'succeeded' });
      result.succeeded += 1;
    } else if (delivery.attempts >= MAX_ATTEMPTS) {
      await finishDelivery(deps.db, delivery, { ...outcome, ...measured, status: 'failed' });
      result.failed += 1;
    } else {
      const delay = RETRY_DELAYS_MS[delivery.attempts - 1] as number;
      const nextAttemptAt = new Date((options.now ?? new Date()).getTime() + delay);
      await finishDelivery(deps.db, delivery, { ...outcome, ...measured, status: 'pending', nextAttemptAt });
      result.retrying += 1;
    }
  }
  return result;
}

/**
 * The endpoint's signing secret in the clear, to sign with; a secret still stored in the clear is
 * sealed now (first use). Null, with the reason in the operator's log, when it cannot be
 * decrypted: the delivery is then recorded as not sent, and retried later (never sent unsigned).
 */
async function openSecretForDelivery(
  deps: AppDeps,
  keys: WebhookSecretKeys,
  delivery: ClaimedDelivery,
  log?: (message: string) => void,
): Promise<string | null> {
  try {
    const secret = openWebhookSecret(keys, delivery.endpointId, delivery.secret);
    if (isPlaintextSecret(delivery.secret)) {
      await replaceEndpointSecret(
        deps.db,
        delivery.endpointId,
        delivery.secret,
        sealWebhookSecret(keys, delivery.endpointId, secret),
      );
    }
    return secret;
  } catch (error) {
    if (!(error instanceof WebhookSecretUnavailable)) throw error;
    log?.(`webhooks: delivery ${delivery.id} not sent: ${error.message}`);
    return null;
  }
}

/**
 * Seals every signing secret not yet sealed with the current key: those stored in the clear before
 * encryption at rest, and those sealed with the previous key (a rotation). One that cannot be
 * opened is left as it is and named in the log. Answers how many were sealed and left.
 */
export async function sealWebhookSecrets(deps: AppDeps, log: (message: string) => void) {
  const keys = webhookSecretKeys(deps);
  const prefix = `wsk1.${keyId(keys.current)}.`;
  const result = { sealed: 0, unreadable: 0 };
  let afterId: string | undefined;
  for (;;) {
    const rows = await listEndpointsToSeal(deps.db, prefix, afterId, 200);
    if (rows.length === 0) break;
    for (const row of rows) {
      afterId = row.id;
      if (isSealedWith(row.secret, keys.current)) continue;
      let secret: string;
      try {
        secret = openWebhookSecret(keys, row.id, row.secret);
      } catch (error) {
        if (!(error instanceof WebhookSecretUnavailable)) throw error;
        log(`webhooks: ${error.message}`);
        result.unreadable += 1;
        continue;
      }
      if (await replaceEndpointSecret(deps.db, row.id, row.secret, sealWebhookSecret(keys, row.id, secret))) result.sealed += 1;
    }
  }
  return result;
}

/** Deletes the attempts older than the retention (deliveries themselves are kept: their last outcome stays on the row). */
export async function pruneWebhookAttempts(deps: AppDeps, now = new Date()): Promise<number> {
  return pruneAttempts(deps.db, new Date(now.getTime() - ATTEMPT_RETENTION_MS), PRUNE_BATCH);
}

/** The scheduled job: delivers what is due, on one instance at a time (job leases). */
export function webhooksJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'seller-webhooks',
    everyMs: CHECK_EVERY_MS,
    run: async () => {
      // On start (a job's first run) and after a key rotation: no secret stays in the clear or under the old key.
      const sealing = await sealWebhookSecrets(deps, log);
      if (sealing.sealed) log(`webhooks: ${sealing.sealed} signing secret(s) encrypted with the current key`);
      const result = await deliverWebhooks(deps, { log });
      if (result.succeeded || result.failed || result.retrying) {
        log(`webhooks: ${result.succeeded} delivered, ${result.retrying} to retry, ${result.failed} failed`);
      }
      const pruned = await pruneWebhookAttempts(deps);
      if (pruned) log(`webhooks: ${pruned} delivery attempt(s) older than 30 days deleted`);
    },
  };
}
