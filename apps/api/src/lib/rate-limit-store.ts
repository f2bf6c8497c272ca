import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/**
 * A store for @fastify/rate-limit that keeps the counters in PostgreSQL, so that every instance
 * behind a load balancer counts the same requests and a restart does not hand out a fresh allowance.
 * One fixed window per key, as the plugin's own stores do; each limited route counts apart.
 */

interface Counted {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Counted) => void;
interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/** Expired windows are deleted at most this often, by whichever request comes first. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts one hit on `key` in its fixed window, in the same table as the route limits. Services use it
 * for limits on actions rather than requests (a lead is one message of several); inside a transaction
 * the hit is undone if the action is, and same-key callers wait on the row until it commits.
 */
export async function countRateLimitHit(db: DbOrTx, key: string, windowMs: number): Promise<Counted> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_hits as r (key, hits, reset_at)
    values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.reset_at <= clock_timestamp() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
    returning hits, greatest(0, ceil(extract(epoch from reset_at - clock_timestamp()) * 1000))::int as ttl`);
  const [row] = rows;
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs };
}

/** Deletes expired windows (the route store does it as requests come; a periodic job may too). */
export async function deleteExpiredRateLimitHits(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where reset_at < now()`);
}

export function postgresRateLimitStore(db: Database) {
  let lastSweep = 0;

  async function sweepExpired(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await deleteExpiredRateLimitHits(db);
  }

  async function count(key: string, windowMs: number): Promise<Counted> {
    await sweepExpired();
    return countRateLimitHit(db, key, windowMs);
  }

  async function peek(key: string): Promise<Counted> {
    const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
      select hits, greatest(0, ceil(extract(epoch from reset_at - clock_timestamp()) * 1000))::int as ttl
      from rate_limit_hits where key = ${key} and reset_at > clock_timestamp()`);
    const [row] = rows;
    return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
  }

  const settle = (work: Promise<Counted>, callback: Callback) =>
    work.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      void settle(count(this.prefix + key, timeWindow), callback);
    }

    read(key: string, callback: Callback): void {
      void settle(peek(this.prefix + key), callback);
    }

    /** Each limited route counts in its own namespace, as with the plugin's built-in stores. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit settings, with the route under `routeInfo` (its typings say the route).
      const route = (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? (routeOptions as RouteInfo);
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method} ${route.url ?? ''}|`);
    }
  };
}
