/**
 * A tiny time-bounded cache for public, identical-for-everyone responses (catalogue pages).
 * Concurrent misses for one key share a single computation. Entries live `ttlMs` at most, so
 * every instance converges within that time without any coordination; it holds no user data.
 */
export class MicroCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T>; settled?: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const value = compute();
    const entry: { expires: number; value: Promise<T>; settled?: T } = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.then(
      (settled) => {
        entry.settled = settled;
      },
      () => this.entries.delete(key),
    );
    return value;
  }

  /** A fresh, already computed value, without waiting: the fast path for hot keys. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.settled : undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
