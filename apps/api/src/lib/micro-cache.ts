import { hashText } from './hash-text';

/**
 * A tiny time-bounded cache for public, identical-for-everyone responses (catalogue pages).
 * Concurrent misses for one key share a single computation. A value is fresh for `ttlMs`; for
 * another `ttlMs` it is still served while one background refresh replaces it
 * (stale-while-revalidate), so a hot key never makes a visitor wait. It holds no user data,
 * and every instance converges within 2 × ttlMs without any coordination.
 *
 * It is bounded in entries and, with `sizeOf`, in bytes: past either bound the expired entries go
 * first, then the least recently stored, so a flood of distinct keys evicts old pages one by one
 * instead of growing memory or emptying the cache at once.
 *
 * With `admitOnRepeat`, a key is kept only from its second request within a while: a one-off answer
 * is computed (and shared with requests arriving while it runs) but not stored. A flood of distinct
 * pages then leaves nothing behind to outlive the young generation, where storing each for a few
 * seconds promoted tens of MB a second into the old one and made its collections frequent.
 */
interface Entry<T> {
  freshUntil: number;
  staleUntil: number;
  value: Promise<T>;
  settled?: T;
  bytes: number;
  refreshing?: boolean;
  /** A first request's answer: shared while it runs, dropped once settled. */
  oneOff?: boolean;
}

export interface MicroCacheLimits<T> {
  maxEntries?: number;
  maxBytes?: number;
  /** The bytes a settled value holds (counted against `maxBytes`). */
  sizeOf?: (value: T) => number;
  /** Store a key's value only once it has been asked for before (see above). */
  admitOnRepeat?: boolean;
}

export class MicroCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: T) => number;
  private readonly seen: SeenKeys | undefined;
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    limits: number | MicroCacheLimits<T> = {},
  ) {
    const options = typeof limits === 'number' ? { maxEntries: limits } : limits;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.seen = options.admitOnRepeat ? new SeenKeys() : undefined;
  }

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
    const oneOff = this.seen !== undefined && !this.seen.add(key);
    return this.store(key, compute(), oneOff);
  }

  /** A fresh, already computed value, without waiting: the fast path for hot keys. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.freshUntil > Date.now() ? hit.settled : undefined;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Entries and bytes held now (for tests and metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, value: Promise<T>, oneOff = false): Promise<T> {
    const now = Date.now();
    const entry: Entry<T> = { freshUntil: now + this.ttlMs, staleUntil: now + 2 * this.ttlMs, value, bytes: 0, oneOff };
    const previous = this.entries.get(key);
    // While a refresh runs, the old settled value keeps being served.
    if (!previous?.settled || previous.staleUntil <= now) this.put(key, entry);
    return value.then(
      (settled) => {
        if (entry.oneOff) {
          if (this.entries.get(key) === entry) this.remove(key);
          return settled;
        }
        entry.settled = settled;
        this.put(key, entry, this.sizeOf(settled));
        return settled;
      },
      (error) => {
        if (this.entries.get(key) === entry) this.remove(key);
        throw error;
      },
    );
  }

  /** Stores (or moves to the newest position) and then trims to the bounds. */
  private put(key: string, entry: Entry<T>, bytes = entry.bytes): void {
    this.remove(key);
    entry.bytes = bytes;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    if (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.trim(key);
  }

  private remove(key: string): void {
    const existing = this.entries.get(key);
    if (!existing) return;
    this.bytes -= existing.bytes;
    this.entries.delete(key);
  }

  /**
   * Drops entries from the oldest until within the bounds and no longer stale. Map order is
   * insertion order: the first entries are the least recently stored, so the first to go stale;
   * the walk stops at the first one still needed (a full scan per store cost ~4% of the CPU of
   * uncached catalogue pages with 5,000 entries held).
   */
  private trim(keep: string): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      const over = this.entries.size > this.maxEntries || this.bytes > this.maxBytes;
      if (!over && entry.staleUntil > now) break;
      if (key !== keep) this.remove(key);
    }
  }
}

/**
 * Which keys were asked for lately, approximately: two bits per key in a 1 Mbit set (128 kB, holding
 * no key), emptied once it has taken 128k keys, so "lately" is the last 128k–256k distinct keys. A
 * false positive (under 5%) only admits a one-off key, as caching everything did.
 */
class SeenKeys {
  private static readonly BITS = 1 << 20;
  private static readonly CAPACITY = SeenKeys.BITS / 8;
  private readonly bits = new Uint32Array(SeenKeys.BITS / 32);
  private added = 0;

  /** Marks the key; true when it was (probably) marked already. */
  add(key: string): boolean {
    const hash = hashText(key);
    const first = hash & (SeenKeys.BITS - 1);
    const second = (Math.imul(hash, 0x9e3779b1) >>> 12) & (SeenKeys.BITS - 1);
    if (this.has(first) && this.has(second)) return true;
    if (this.added >= SeenKeys.CAPACITY) {
      this.bits.fill(0);
      this.added = 0;
    }
    this.set(first);
    this.set(second);
    this.added += 1;
    return false;
  }

  private has(bit: number): boolean {
    return ((this.bits[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;
  }

  private set(bit: number): void {
    this.bits[bit >>> 5] = (this.bits[bit >>> 5] as number) | (1 << (bit & 31));
  }
}
