import { randomBytes, randomUUID } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEventType,
} from '@app/shared';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import type { UserRow } from '../users/repository';
import { type LookupAll, resolveTarget, TargetRefused } from './addresses';
import { deliverWebhooks } from './deliver';
import {
  findLiveEndpoint,
  insertEndpoint,
  insertEventsWithDeliveries,
  listAttemptsOf,
  listDeliveriesOf,
  listLiveEndpoints,
  removeEndpoint,
  type WebhookEndpointRow,
} from './repository';
import { sealWebhookSecret, webhookSecretKeys } from './secrets';

/** Endpoints in use at once, per seller. */
const MAX_ENDPOINTS = 10;
/** Deliveries the log shows per endpoint. */
const LOG_LIMIT = 50;
/** Attempts shown per delivery (a delivery makes at most MAX_ATTEMPTS, plus interrupted ones). */
const ATTEMPTS_LIMIT = 20;

const URL_MESSAGES = {
  invalid: 'Enter a valid URL, such as https://example.com/webhooks',
  https: 'Webhook URLs must use https',
  credentials: 'Webhook URLs may not contain a user name or password',
  target: 'This URL points to a private, loopback or reserved address; webhooks only go to public addresses',
} as const;

function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events as WebhookEventType[], created_at: row.createdAt.toISOString() };
}

/** Checks a URL a seller gives: http(s) (https only in production), no credentials, a public target. */
export async function checkEndpointUrl(deps: AppDeps, raw: string, lookup?: LookupAll): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError('url', URL_MESSAGES.invalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fieldError('url', URL_MESSAGES.invalid);
  if (url.protocol === 'http:' && deps.config.env === 'production') throw fieldError('url', URL_MESSAGES.https);
  if (url.username || url.password) throw fieldError('url', URL_MESSAGES.credentials);
  try {
    await resolveTarget(url.hostname, deps.config.webhooks.allowLoopback, lookup);
  } catch (error) {
    if (error instanceof TargetRefused) throw fieldError('url', URL_MESSAGES.target);
    throw error;
  }
  return url.toString();
}

/** Registers an endpoint; the answer is the only time its signing secret is shown. */
export async function createWebhookEndpoint(deps: AppDeps, seller: UserRow, input: WebhookEndpointCreate, lookup?: LookupAll) {
  const url = await checkEndpointUrl(deps, input.url, lookup);
  if ((await listLiveEndpoints(deps.db, seller.id)).length >= MAX_ENDPOINTS) {
    throw new AppError('CONFLICT', 'You have too many webhook endpoints. Remove one first.');
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  // Stored only sealed (decision 0050), bound to the endpoint's id.
  const id = randomUUID();
  const sealed = sealWebhookSecret(webhookSecretKeys(deps), id, secret);
  const row = await insertEndpoint(deps.db, { id, userId: seller.id, url, secret: sealed, events: [...new Set(input.events)] });
  return { secret, endpoint: presentEndpoint(row) };
}

export async function listWebhookEndpoints(deps: AppDeps, seller: UserRow) {
  return { endpoints: (await listLiveEndpoints(deps.db, seller.id)).map(presentEndpoint) };
}

export async function removeWebhookEndpoint(deps: AppDeps, seller: UserRow, id: string): Promise<void> {
  const removed = await deps.db.transaction((tx) => removeEndpoint(tx, seller.id, id));
  if (!removed) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
}

/** The delivery log of one of the seller's endpoints, newest first. */
export async function listWebhookDeliveries(
  deps: AppDeps,
  seller: UserRow,
  id: string,
): Promise<{ deliveries: WebhookDelivery[] }> {
  if (!(await findLiveEndpoint(deps.db, seller.id, id))) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  const rows = await listDeliveriesOf(deps.db, id, LOG_LIMIT);
  return {
    deliveries: rows.map((row) => ({
      id: row.id,
      event_id: row.eventId,
      event_type: row.eventType,
      status: row.status,
      attempts: row.attempts,
      status_code: row.lastStatusCode,
      response_body: row.lastResponseBody,
      error: row.lastError,
      created_at: row.createdAt.toISOString(),
      last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
      next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    })),
  };
}

/**
 * Every attempt of one delivery of one of the seller's endpoints, newest first: when, how long, the
 * receiver's status and the start of its answer, or why nothing was sent. Another seller's
 * delivery, or one of another endpoint, is not found, as a missing one is.
 */
export async function listWebhookDeliveryAttempts(
  deps: AppDeps,
  seller: UserRow,
  endpointId: string,
  deliveryId: string,
): Promise<{ attempts: WebhookDeliveryAttempt[] }> {
  if (!(await findLiveEndpoint(deps.db, seller.id, endpointId))) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  const rows = await listAttemptsOf(deps.db, endpointId, deliveryId, ATTEMPTS_LIMIT);
  if (!rows) throw new AppError('NOT_FOUND', 'Webhook delivery not found');
  return {
    attempts: rows.map((row) => ({
      attempt: row.attempt,
      attempted_at: row.attemptedAt.toISOString(),
      duration_ms: row.durationMs,
      status_code: row.statusCode,
      response_body: row.responseBody,
      error: row.error,
    })),
  };
}

/** Sends a `webhook.test` event to one endpoint now (after the answer), through the same signed path as real events. */
export async function sendTestWebhook(
  deps: AppDeps,
  seller: UserRow,
  id: string,
  log?: (message: string) => void,
): Promise<void> {
  if (!(await findLiveEndpoint(deps.db, seller.id, id))) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  await insertEventsWithDeliveries(
    deps.db,
    [{ sellerId: seller.id, type: 'webhook.test', key: `webhook.test:${randomUUID()}`, payload: { test: true } }],
    id,
  );
  deliverAfterReply(deps, id, log);
}

/**
 * Tries an endpoint's due deliveries right after the answer; the job picks up whatever this misses,
 * and releases the deliveries of dead runners (not every request). `log` gets what the operator
 * must know (a signing secret that cannot be decrypted); without one, the job's next run, which
 * retries the delivery, says it.
 */
export function deliverAfterReply(deps: AppDeps, endpointId?: string, log?: (message: string) => void): void {
  deps.afterReply.run(
    () => deliverWebhooks(deps, { endpointId, log, releaseStale: false }),
    () => {},
  );
}

export type WebhookEvent = { sellerId: string; type: WebhookEventType; key: string; data: Record<string, unknown> };

/**
 * Writes sellers' events to the outbox in the caller's transaction (the payment, refund or
 * activation they tell of), each with a delivery for every endpoint of its seller that wants it,
 * in one statement. They exist only if that transaction commits; `key` makes a replay a no-op.
 * Answers how many deliveries were written (none: nothing to deliver after the commit).
 */
export function queueWebhookEventsInTx(tx: Tx, events: WebhookEvent[]): Promise<number> {
  return insertEventsWithDeliveries(
    tx,
    events.map((event) => ({ sellerId: event.sellerId, type: event.type, key: event.key, payload: event.data })),
  );
}
