import { and, asc, desc, eq, gt, isNull, notLike, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  sellerWebhookDeliveries,
  sellerWebhookDeliveryAttempts,
  sellerWebhookEndpoints,
  sellerWebhookEvents,
} from '../../db/schema';

export type WebhookEndpointRow = typeof sellerWebhookEndpoints.$inferSelect;
export type WebhookDeliveryStatus = (typeof sellerWebhookDeliveries.$inferSelect)['status'];

export async function insertEndpoint(
  db: DbOrTx,
  row: { id: string; userId: string; url: string; secret: string; events: string[] },
): Promise<WebhookEndpointRow> {
  const [inserted] = await db.insert(sellerWebhookEndpoints).values(row).returning();
  return inserted as WebhookEndpointRow;
}

/** The seller's endpoints in use, oldest first. */
export function listLiveEndpoints(db: DbOrTx, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(sellerWebhookEndpoints)
    .where(and(eq(sellerWebhookEndpoints.userId, userId), isNull(sellerWebhookEndpoints.deletedAt)))
    .orderBy(sellerWebhookEndpoints.createdAt);
}

/** One of the seller's endpoints in use; undefined when it is another seller's, removed, or never was. */
export async function findLiveEndpoint(db: DbOrTx, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(sellerWebhookEndpoints)
    .where(
      and(eq(sellerWebhookEndpoints.id, id), eq(sellerWebhookEndpoints.userId, userId), isNull(sellerWebhookEndpoints.deletedAt)),
    );
  return row;
}

/** Removes an endpoint (its log stays); its deliveries still waiting are given up. */
export async function removeEndpoint(tx: Tx, userId: string, id: string): Promise<boolean> {
  const removed = await tx
    .update(sellerWebhookEndpoints)
    .set({ deletedAt: new Date() })
    .where(
      and(eq(sellerWebhookEndpoints.id, id), eq(sellerWebhookEndpoints.userId, userId), isNull(sellerWebhookEndpoints.deletedAt)),
    )
    .returning({ id: sellerWebhookEndpoints.id });
  if (removed.length === 0) return false;
  await tx
    .update(sellerWebhookDeliveries)
    .set({ status: 'failed', lastError: 'endpoint removed' })
    .where(and(eq(sellerWebhookDeliveries.endpointId, id), eq(sellerWebhookDeliveries.status, 'pending')));
  return true;
}

export interface OutboxEvent {
  sellerId: string;
  type: string;
  key: string;
  payload: unknown;
}

/**
 * The outbox, in one statement: stores each event of a seller and a delivery of it for each of that
 * seller's endpoints that subscribed to its type (or only `endpointId`, for a test event). An event
 * whose key exists already is left alone (a replayed payment writes nothing twice). Answers how
 * many deliveries were written.
 */
export async function insertEventsWithDeliveries(tx: DbOrTx, events: OutboxEvent[], endpointId?: string): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((event) => ({ seller_id: event.sellerId, type: event.type, key: event.key, payload: event.payload }));
  const result = await tx.execute<{ deliveries: number }>(sql`
    with inserted as (
      insert into ${sellerWebhookEvents} (seller_id, type, key, payload)
      select seller_id, type, key, payload
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(seller_id uuid, type text, key text, payload jsonb)
      on conflict (key) do nothing
      returning id, seller_id, type
    ), delivered as (
      insert into ${sellerWebhookDeliveries} (event_id, endpoint_id)
      select i.id, e.id from inserted i
      join ${sellerWebhookEndpoints} e on e.user_id = i.seller_id and e.deleted_at is null
        and ${endpointId ? sql`e.id = ${endpointId}` : sql`i.type = any(e.events)`}
      returning id
    )
    select count(*)::int as deliveries from delivered`);
  return result.rows[0]?.deliveries ?? 0;
}

/**
 * Takes one due delivery for this runner alone (pending → delivering, its lease starts now), never
 * one already tried in this run (`skip`). Answers it with its event and endpoint, in one statement.
 */
export async function claimDueDelivery(db: DbOrTx, now: Date, skip: string[], endpointId?: string) {
  const claimed = db.$with('claimed').as(
    db
      .update(sellerWebhookDeliveries)
      .set({ status: 'delivering', claimedAt: sql`now()`, attempts: sql`${sellerWebhookDeliveries.attempts} + 1` })
      .where(sql`${sellerWebhookDeliveries.id} = (
        select id from ${sellerWebhookDeliveries}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
          ${
            skip.length > 0
              ? sql`and id not in (${sql.join(
                  skip.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
          ${endpointId ? sql`and endpoint_id = ${endpointId}` : sql``}
        order by next_attempt_at
        limit 1
        for update skip locked
      )`)
      .returning({
        id: sellerWebhookDeliveries.id,
        attempts: sellerWebhookDeliveries.attempts,
        eventId: sellerWebhookDeliveries.eventId,
        endpointId: sellerWebhookDeliveries.endpointId,
      }),
  );
  const [row] = await db
    .with(claimed)
    .select({
      id: claimed.id,
      attempts: claimed.attempts,
      eventId: sellerWebhookEvents.id,
      eventType: sellerWebhookEvents.type,
      eventSellerId: sellerWebhookEvents.sellerId,
      payload: sellerWebhookEvents.payload,
      eventCreatedAt: sellerWebhookEvents.createdAt,
      endpointId: sellerWebhookEndpoints.id,
      endpointUserId: sellerWebhookEndpoints.userId,
      url: sellerWebhookEndpoints.url,
      secret: sellerWebhookEndpoints.secret,
      endpointDeletedAt: sellerWebhookEndpoints.deletedAt,
    })
    .from(claimed)
    .innerJoin(sellerWebhookEvents, eq(sellerWebhookEvents.id, claimed.eventId))
    .innerJoin(sellerWebhookEndpoints, eq(sellerWebhookEndpoints.id, claimed.endpointId));
  return row;
}

export type ClaimedDelivery = NonNullable<Awaited<ReturnType<typeof claimDueDelivery>>>;

/**
 * Records how an attempt went, in one statement: the delivery's state and the attempt in its log.
 * Only while this runner still holds that very attempt (a runner presumed dead whose delivery was
 * taken over writes nothing). Answers whether it was recorded.
 */
export async function finishDelivery(
  db: DbOrTx,
  delivery: { id: string; attempts: number },
  outcome: {
    status: WebhookDeliveryStatus;
    statusCode: number | null;
    responseBody: string | null;
    error: string | null;
    attemptedAt: Date;
    durationMs: number;
    nextAttemptAt?: Date;
  },
): Promise<boolean> {
  const finished = db.$with('finished').as(
    db
      .update(sellerWebhookDeliveries)
      .set({
        status: outcome.status,
        lastStatusCode: outcome.statusCode,
        lastResponseBody: outcome.responseBody,
        lastError: outcome.error,
        lastAttemptAt: outcome.attemptedAt,
        claimedAt: null,
        ...(outcome.nextAttemptAt && { nextAttemptAt: outcome.nextAttemptAt }),
      })
      .where(
        and(
          eq(sellerWebhookDeliveries.id, delivery.id),
          eq(sellerWebhookDeliveries.status, 'delivering'),
          eq(sellerWebhookDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: sellerWebhookDeliveries.id }),
  );
  const logged = db.$with('logged', {}).as(sql`
    insert into ${sellerWebhookDeliveryAttempts}
      (delivery_id, attempt, attempted_at, duration_ms, status_code, response_body, error)
    select id, ${delivery.attempts}::int, ${outcome.attemptedAt.toISOString()}::timestamptz, ${outcome.durationMs}::int,
      ${outcome.statusCode}::int, ${outcome.responseBody}::text, ${outcome.error}::text
    from finished
    on conflict do nothing`);
  const recorded = await db.with(finished, logged).select({ id: finished.id }).from(finished);
  return recorded.length > 0;
}

/**
 * Deliveries whose runner died mid-attempt (lease expired): due again, as the next attempt. The
 * interrupted attempt stays in the log (no answer, no duration), in the same statement.
 */
export async function releaseStaleDeliveries(db: DbOrTx, olderThanMs: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    with released as (
      update ${sellerWebhookDeliveries} d
      set status = 'pending', claimed_at = null, last_error = 'interrupted while delivering'
      from (
        select id, claimed_at from ${sellerWebhookDeliveries}
        where status = 'delivering' and claimed_at < ${new Date(Date.now() - olderThanMs).toISOString()}::timestamptz
        for update
      ) stale
      where d.id = stale.id
      returning d.id, d.attempts, stale.claimed_at
    ), logged as (
      insert into ${sellerWebhookDeliveryAttempts} (delivery_id, attempt, attempted_at, error)
      select id, attempts, claimed_at, 'interrupted while delivering' from released
      on conflict do nothing
    )
    select id from released`);
  return result.rows.length;
}

/**
 * The attempts of one delivery, newest first, at most `limit`: only when the delivery is one of
 * this seller's endpoint's (undefined otherwise, so another seller's looks like a missing one).
 */
export async function listAttemptsOf(db: DbOrTx, endpointId: string, deliveryId: string, limit: number) {
  const [delivery] = await db
    .select({ id: sellerWebhookDeliveries.id })
    .from(sellerWebhookDeliveries)
    .where(and(eq(sellerWebhookDeliveries.id, deliveryId), eq(sellerWebhookDeliveries.endpointId, endpointId)));
  if (!delivery) return undefined;
  return db
    .select({
      attempt: sellerWebhookDeliveryAttempts.attempt,
      attemptedAt: sellerWebhookDeliveryAttempts.attemptedAt,
      durationMs: sellerWebhookDeliveryAttempts.durationMs,
      statusCode: sellerWebhookDeliveryAttempts.statusCode,
      responseBody: sellerWebhookDeliveryAttempts.responseBody,
      error: sellerWebhookDeliveryAttempts.error,
    })
    .from(sellerWebhookDeliveryAttempts)
    .where(eq(sellerWebhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(desc(sellerWebhookDeliveryAttempts.attempt))
    .limit(limit);
}

/** Deletes attempts made before `before`, at most `batch` of them; answers how many. */
export async function pruneAttempts(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    delete from ${sellerWebhookDeliveryAttempts}
    where id in (
      select id from ${sellerWebhookDeliveryAttempts}
      where attempted_at < ${before.toISOString()}::timestamptz
      limit ${batch}
    )
    returning id`);
  return result.rows.length;
}

/** Endpoints (removed ones too) whose secret is not sealed with the current key, after `afterId`, in id order. */
export function listEndpointsToSeal(db: DbOrTx, currentPrefix: string, afterId: string | undefined, limit: number) {
  return db
    .select({ id: sellerWebhookEndpoints.id, secret: sellerWebhookEndpoints.secret })
    .from(sellerWebhookEndpoints)
    .where(
      and(
        notLike(sellerWebhookEndpoints.secret, `${currentPrefix}%`),
        afterId ? gt(sellerWebhookEndpoints.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(sellerWebhookEndpoints.id))
    .limit(limit);
}

/** Stores an endpoint's secret sealed anew, only if it is still what was read (`was`). */
export async function replaceEndpointSecret(db: DbOrTx, id: string, was: string, sealed: string): Promise<boolean> {
  const updated = await db
    .update(sellerWebhookEndpoints)
    .set({ secret: sealed })
    .where(and(eq(sellerWebhookEndpoints.id, id), eq(sellerWebhookEndpoints.secret, was)))
    .returning({ id: sellerWebhookEndpoints.id });
  return updated.length > 0;
}

/** The endpoint's latest deliveries, newest first. */
export function listDeliveriesOf(db: DbOrTx, endpointId: string, limit: number) {
  return db
    .select({
      id: sellerWebhookDeliveries.id,
      eventId: sellerWebhookEvents.id,
      eventType: sellerWebhookEvents.type,
      status: sellerWebhookDeliveries.status,
      attempts: sellerWebhookDeliveries.attempts,
      lastStatusCode: sellerWebhookDeliveries.lastStatusCode,
      lastResponseBody: sellerWebhookDeliveries.lastResponseBody,
      lastError: sellerWebhookDeliveries.lastError,
      createdAt: sellerWebhookDeliveries.createdAt,
      lastAttemptAt: sellerWebhookDeliveries.lastAttemptAt,
      nextAttemptAt: sellerWebhookDeliveries.nextAttemptAt,
    })
    .from(sellerWebhookDeliveries)
    .innerJoin(sellerWebhookEvents, eq(sellerWebhookEvents.id, sellerWebhookDeliveries.eventId))
    .where(eq(sellerWebhookDeliveries.endpointId, endpointId))
    .orderBy(desc(sellerWebhookDeliveries.createdAt))
    .limit(limit);
}
