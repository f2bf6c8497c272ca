import { grown } from './typed-arrays';

/**
 * Texts (lexemes, or title tokens) numbered in the order first seen, each with its posting list:
 * the slots that hold it, ascending. New slots are numbered past every slot in use, so appending
 * keeps every list sorted; a compaction (compact()) renumbers slots without changing their order.
 */
export class PostingLists {
  readonly ids = new Map<string, number>();
  /** Per text id, its slots; only the first sizes[id] entries are used. */
  lists: Int32Array[] = [];
  sizes: number[] = [];

  /** The text's id, numbering it when it is new. */
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
      this.lists.push(new Int32Array(4));
      this.sizes.push(0);
    }
    return id;
  }

  post(id: number, slot: number): void {
    let list = this.lists[id] as Int32Array;
    const size = this.sizes[id] as number;
    if (size === list.length) {
      // A quarter more at a time (an eighth for long lists), so that the lists trimmed by a full
      // load do not double at the first changes: they are most of the postings' bytes.
      list = grown(list, size + Math.max(4, size >> (size < 4096 ? 2 : 3)));
      this.lists[id] = list;
    }
    list[size] = slot;
    this.sizes[id] = size + 1;
  }

  /**
   * Renumbers every list in place after a compaction (IndexData.compact()): `renumbered[slot]` is
   * the slot's new number, -1 for a slot dropped. Order is kept, so the lists stay sorted; their
   * room is kept for the slots added next.
   */
  compact(renumbered: Int32Array): void {
    const { lists, sizes } = this;
    for (let id = 0; id < lists.length; id += 1) {
      const list = lists[id] as Int32Array;
      const size = sizes[id] as number;
      let kept = 0;
      for (let i = 0; i < size; i += 1) {
        const slot = renumbered[list[i] as number] as number;
        if (slot >= 0) list[kept++] = slot;
      }
      sizes[id] = kept;
    }
  }

  /** Drops the spare room of every list. */
  trim(): void {
    this.lists = this.lists.map((list, id) => list.slice(0, Math.max(1, this.sizes[id] as number)));
  }

  bytes(): number {
    let total = 0;
    for (const list of this.lists) total += list.byteLength;
    return total;
  }
}
