import { describe, expect, it } from 'vitest';
import { PostingLists } from './posting-lists';
import { hasSlot } from './slot-sets';

/** Every way a reader sees a text's slots, so both forms can be compared. */
function views(postings: PostingLists, id: number, capacity: number) {
  const visited: number[] = [];
  postings.forEach(id, (slot) => visited.push(slot));
  const copied = new Int32Array(capacity);
  const count = postings.copyInto(id, copied);
  const set = new Int32Array((capacity >>> 5) + 1);
  postings.addTo(set, id);
  const inSet = Array.from({ length: capacity }, (_, slot) => slot).filter((slot) => hasSlot(set, slot));
  return {
    visited,
    copied: Array.from(copied.subarray(0, count)),
    inSet,
    list: Array.from(postings.listOf(id)),
    size: postings.sizes[id],
  };
}

function filled(bitsets: boolean, capacity: number, every: (slot: number) => boolean) {
  const postings = new PostingLists({ bitsets });
  postings.capacity = capacity;
  const common = postings.idOf('common');
  const rare = postings.idOf('rare');
  for (let slot = 0; slot < capacity; slot += 1) {
    if (every(slot)) postings.post(common, slot);
    if (slot % 97 === 0) postings.post(rare, slot);
  }
  return { postings, common, rare };
}

describe('posting lists kept as lists or as bitsets', () => {
  const capacity = 5000;
  const pattern = (slot: number) => slot % 3 !== 1;

  it('keeps a common text as a bitset and a rare one as a list, and every reader sees the same slots', () => {
    const asSets = filled(true, capacity, pattern);
    const asLists = filled(false, capacity, pattern);
    expect(asSets.postings.sets[asSets.common]).toBeDefined();
    expect(asSets.postings.sets[asSets.rare]).toBeUndefined();
    expect(asLists.postings.sets.every((set) => set === undefined)).toBe(true);
    for (const id of [asSets.common, asSets.rare]) {
      const expected = Array.from({ length: capacity }, (_, slot) => slot).filter(
        id === asSets.common ? pattern : (slot) => slot % 97 === 0,
      );
      const seen = views(asSets.postings, id, capacity);
      expect(seen).toEqual(views(asLists.postings, id, capacity));
      expect(seen.list).toEqual(expected);
      expect(seen.size).toBe(expected.length);
    }
    // A set is much smaller than the list it replaces.
    expect(asSets.postings.bytes()).toBeLessThan(asLists.postings.bytes() / 10);
  });

  it('renumbers both forms alike in a compaction (dropped slots gone, order kept, counts right)', () => {
    const asSets = filled(true, capacity, pattern);
    const asLists = filled(false, capacity, pattern);
    const renumbered = new Int32Array(capacity);
    let next = 0;
    for (let slot = 0; slot < capacity; slot += 1) renumbered[slot] = slot % 5 === 0 ? -1 : next++;
    asSets.postings.compact(renumbered);
    asLists.postings.compact(renumbered);
    for (const id of [asSets.common, asSets.rare]) {
      expect(views(asSets.postings, id, capacity)).toEqual(views(asLists.postings, id, capacity));
    }
    // New slots after the compaction go on the end of either form.
    asSets.postings.post(asSets.common, next);
    asLists.postings.post(asLists.common, next);
    expect(views(asSets.postings, asSets.common, capacity)).toEqual(views(asLists.postings, asLists.common, capacity));
  });

  it('after a full load, turns sets that became sparse back into lists, and common lists into sets', () => {
    const postings = new PostingLists({ bitsets: true });
    postings.capacity = 2048;
    const early = postings.idOf('early');
    for (let slot = 0; slot < 200; slot += 1) postings.post(early, slot);
    expect(postings.sets[early]).toBeDefined();
    // The load goes on to 100,000 products: 200 of them is no longer a set's share.
    postings.capacity = 100_000;
    const late = postings.idOf('late');
    for (let slot = 0; slot < 100_000; slot += 16) postings.post(late, slot);
    postings.settle();
    expect(postings.sets[early]).toBeUndefined();
    expect(Array.from(postings.listOf(early))).toEqual(Array.from({ length: 200 }, (_, slot) => slot));
    expect(postings.sets[late]).toBeDefined();
    expect(postings.sizes[late]).toBe(6250);
  });
});
