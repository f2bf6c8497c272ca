import pg from 'pg';

/** The channel the products' statement trigger notifies on every committed change (migration 0025). */
export const CATALOG_CHANNEL = 'catalog_changed';
/** Notifications closer together than this are handled once (a burst of sales is one catch-up). */
const COALESCE_MS = 50;
/** Reconnection back-off after the listening connection fails: from the first value, doubling up to the last. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * Hears every committed change to the products, made by any instance, through PostgreSQL
 * LISTEN/NOTIFY on a connection of its own, and tells its subscribers (the catalogue's page caches
 * and the search index) so they catch up within milliseconds instead of at their next periodic
 * check. While the connection is down `listening` is false, the subscribers fall back to those
 * checks, and it reconnects with back-off; on every (re)connection the subscribers are told once,
 * as a change may have been missed meanwhile.
 */
export class CatalogChanges {
  listening = false;
  private readonly subscribers = new Set<() => void>();
  private client?: pg.Client;
  private stopped = false;
  private pending?: NodeJS.Timeout;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer?: NodeJS.Timeout;

  constructor(private readonly connection: pg.ClientConfig) {}

  /** Calls `subscriber` after changes (at most once per COALESCE_MS); returns the unsubscribe. */
  subscribe(subscriber: () => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Connects and listens; resolves once listening (or once the first attempt failed: it keeps retrying). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.pending);
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    this.client = client;
    client.on('notification', () => this.heard());
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      this.retryMs = RETRY_FIRST_MS;
      this.heard();
    } catch {
      this.lost(client);
    }
  }

  /** The connection failed or closed: fall back to the periodic checks and reconnect later. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.end().catch(() => {});
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private heard(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      for (const subscriber of this.subscribers) subscriber();
    }, COALESCE_MS);
    this.pending.unref();
  }
}
