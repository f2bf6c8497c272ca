import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicroCache } from './micro-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('micro-cache', () => {
  it('shares one computation between concurrent misses and serves it while fresh', async () => {
    const cache = new MicroCache<number>(1000);
    const compute = vi.fn(async () => 42);
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b]).toEqual([42, 42]);
    expect(await cache.get('k', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(cache.peek('k')).toBe(42);
  });

  it('serves a stale value at once while one refresh replaces it, and forgets it after twice the TTL', async () => {
    vi.useFakeTimers();
    const cache = new MicroCache<number>(1000);
    let next = 1;
    const compute = vi.fn(async () => next++);
    expect(await cache.get('k', compute)).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(cache.peek('k')).toBeUndefined();
    const stale = cache.get('k', compute);
    const alsoStale = cache.get('k', compute);
    expect([await stale, await alsoStale]).toEqual([1, 1]);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(await cache.get('k', compute)).toBe(2);
    vi.advanceTimersByTime(2500);
    expect(await cache.get('k', compute)).toBe(3);
  });

  it('does not keep failures', async () => {
    const cache = new MicroCache<number>(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});

describe('micro-cache bounds', () => {
  it('keeps its bytes under the budget by evicting the oldest pages first', async () => {
    const cache = new MicroCache<string>(60_000, { maxBytes: 100, sizeOf: (value) => value.length });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key.repeat(30));
    expect(cache.size).toEqual({ entries: 3, bytes: 90 });
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('d')).toBe('d'.repeat(30));
  });

  it('keeps a refreshed key as the newest and never evicts the page being stored', async () => {
    const cache = new MicroCache<string>(60_000, { maxEntries: 2 });
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    cache.clear();
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('c', async () => 'C');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'B', 'C']);
    const big = new MicroCache<string>(60_000, { maxBytes: 10, sizeOf: (value) => value.length });
    expect(await big.get('huge', async () => 'x'.repeat(50))).toHaveLength(50);
    expect(big.peek('huge')).toHaveLength(50);
  });
});

describe('micro-cache admitting a key on its second request', () => {
  it('computes a one-off key every time until it is asked for again, then serves it from the cache', async () => {
    const cache = new MicroCache<number>(60_000, { admitOnRepeat: true, sizeOf: () => 10 });
    let next = 1;
    const compute = vi.fn(async () => next++);
    expect(await cache.get('k', compute)).toBe(1);
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.get('k', compute)).toBe(2);
    expect(cache.peek('k')).toBe(2);
    expect(await cache.get('k', compute)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.size).toEqual({ entries: 1, bytes: 10 });
  });

  it('still shares a first computation between requests arriving while it runs', async () => {
    const cache = new MicroCache<number>(60_000, { admitOnRepeat: true });
    const compute = vi.fn(async () => 42);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', compute)));
    expect(answers).toEqual([42, 42, 42]);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps nothing of a flood of distinct keys', async () => {
    const cache = new MicroCache<string>(60_000, { admitOnRepeat: true, sizeOf: (value) => value.length });
    for (let i = 0; i < 2_000; i += 1) await cache.get(`page ${i}`, async () => 'x'.repeat(1_000));
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    await cache.get('page 7', async () => 'seven');
    expect(cache.peek('page 7')).toBe('seven');
  });
});
