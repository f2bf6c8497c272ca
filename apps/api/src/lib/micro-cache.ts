/**
 * A tiny time-bounded cache for public, identical-for-everyone responses (catalogue pages).
 * Concurrent misses for one key share a single computation. A value is fresh for `ttlMs`; for
 * another `ttlMs` it is still served while one background refresh replaces it
 * (stale-while-revalidate), so a hot key never makes a visitor wait. It holds no user data,
 * and every instance converges within 2 × ttlMs without any coordination.
 */
interface Entry<T> {
  freshUntil: number;
  staleUntil: number;
  value: Promise<T>;
  settled?: T;
  refreshing?: boolean;
}

export class MicroCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.freshUntil > now) return hit.value;
    if (hit && hit.settled !== undefined && hit.staleUntil > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.store(key, compute()).catch(() => {
          hit.refreshing = false;
        });
      }
      return Promise.resolve(hit.settled);
    }
    return this.store(key, compute());
  }

  /** A fresh, already computed value, without waiting: the fast path for hot keys. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.freshUntil > Date.now() ? hit.settled : undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: Promise<T>): Promise<T> {
    const now = Date.now();
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const entry: Entry<T> = { freshUntil: now + this.ttlMs, staleUntil: now + 2 * this.ttlMs, value };
    const previous = this.entries.get(key);
    // While a refresh runs, the old settled value keeps being served.
    if (!previous?.settled || previous.staleUntil <= now) this.entries.set(key, entry);
    return value.then(
      (settled) => {
        entry.settled = settled;
        this.entries.set(key, entry);
        return settled;
      },
      (error) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.staleUntil <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
