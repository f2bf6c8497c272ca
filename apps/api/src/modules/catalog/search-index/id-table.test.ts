import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdTable, idWordsOf } from './id-table';

describe('the index ids table', () => {
  it('gives back each id as written, orders ids as their text does, and finds only linked canonical ids', () => {
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '80000000-0000-4000-8000-000000000001',
      '7fffffff-ffff-4fff-bfff-fffffffffffe',
      ...Array.from({ length: 200 }, () => randomUUID()),
    ];
    const table = new IdTable(ids.length);
    ids.forEach((id, slot) => {
      table.write(slot, id);
      table.link(slot);
    });
    expect(ids.map((_, slot) => table.idOf(slot))).toEqual(ids);
    ids.forEach((id, slot) => {
      expect(table.slotOf(id)).toBe(slot);
    });
    for (let a = 0; a < 40; a += 1)
      for (let b = 0; b < 40; b += 1) {
        const [x, y] = [ids[a] as string, ids[b] as string];
        expect(table.compare(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
      }
    // Not found: never written, another spelling of a known id, not an id at all.
    expect(table.slotOf(randomUUID())).toBeUndefined();
    expect(table.slotOf((ids[1] as string).toUpperCase())).toBeUndefined();
    expect(table.slotOf(` ${ids[5]}`.slice(0, 36))).toBeUndefined();
    expect(table.slotOf('not-a-uuid')).toBeUndefined();
    expect(idWordsOf(ids)).toEqual(table.words);
  });

  it('stays right through many links and unlinks, as a Map of the same ids does', () => {
    let next = 12_345;
    const random = () => {
      next = (Math.imul(next, 1_103_515_245) + 12_345) >>> 0;
      return next / 2 ** 32;
    };
    const capacity = 6_000;
    const ids = Array.from({ length: capacity }, () => randomUUID());
    const table = new IdTable(capacity);
    ids.forEach((id, slot) => {
      table.write(slot, id);
    });
    const model = new Map<string, number>();
    for (let step = 0; step < 40_000; step += 1) {
      const slot = Math.floor(random() * capacity);
      const id = ids[slot] as string;
      if (model.has(id)) {
        table.unlink(slot);
        model.delete(id);
      } else {
        table.link(slot);
        model.set(id, slot);
      }
      if (step % 4_000 === 0) for (const [known, at] of model) expect(table.slotOf(known)).toBe(at);
    }
    for (let slot = 0; slot < capacity; slot += 1) expect(table.slotOf(ids[slot] as string)).toBe(model.get(ids[slot] as string));
  });

  it('moves the kept ids down in a compaction and finds them at their new slots', () => {
    const ids = Array.from({ length: 50 }, () => randomUUID());
    const table = new IdTable(8);
    table.grow(ids.length);
    ids.forEach((id, slot) => {
      table.write(slot, id);
      table.link(slot);
    });
    const alive = new Uint8Array(ids.length).fill(1);
    const renumbered = new Int32Array(ids.length);
    let kept = 0;
    for (let slot = 0; slot < ids.length; slot += 1) {
      const dropped = slot % 3 === 0;
      if (dropped) table.unlink(slot);
      renumbered[slot] = dropped ? -1 : kept++;
    }
    table.compact(renumbered, ids.length, kept);
    alive.fill(0, kept);
    table.relink(alive, kept);
    const survivors = ids.filter((_, slot) => slot % 3 !== 0);
    expect(survivors.map((_, slot) => table.idOf(slot))).toEqual(survivors);
    survivors.forEach((id, slot) => {
      expect(table.slotOf(id)).toBe(slot);
    });
    expect(table.slotOf(ids[0] as string)).toBeUndefined();
  });
});
