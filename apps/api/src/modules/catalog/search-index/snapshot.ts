import fs from 'node:fs';
import { Documents } from './documents';
import { IdTable, idWordsOf } from './id-table';
import { Codes, IndexData } from './index-data';
import { PostingLists } from './posting-lists';
import { Rows } from './rows';
import { SnapshotReader, SnapshotWriter } from './snapshot-file';
import { SortedOrders, type SortKey } from './sorted-orders';
import { TitleTokens } from './title-tokens';

/**
 * The index saved beside the data, so a restart is ready in seconds instead of reading and
 * parsing every public product again (minutes at 1M): the typed arrays as they are in memory, the
 * texts as JSON. A snapshot names the database it was taken from and the moment (watermark) its
 * changes were read up to; the index catches up from there as it does between refreshes. A
 * snapshot of another format, another database, or older than the deletion log (a day) is not used.
 */
// 5: the common lexemes' posting lists are bitsets (setIds, setLengths, setWords).
// 6: ids as words (idWords). 7: no idKey column (the words order the ids).
const FORMAT = 7;
/** Earlier formats read all the same: their idKey column is left unread, format 5's text ids are converted. */
const READABLE_FORMATS = new Set([5, 6, FORMAT]);

/** Where a snapshot was taken: the database (system identifier and name) and the watermark of its changes. */
export interface SnapshotOrigin {
  database: string;
  watermarkUs: number;
}

/** Columns of the slots, saved as they are (the order of this list is the file's). */
const COLUMNS = [
  ['alive', 'Uint8Array'],
  ['titleLength', 'Int32Array'],
  ['category', 'Int32Array'],
  ['license', 'Int32Array'],
  ['seller', 'Int32Array'],
  ['price', 'Int32Array'],
  ['rating', 'Float64Array'],
  ['reviews', 'Int32Array'],
  ['sales', 'Int32Array'],
  ['featured', 'Uint8Array'],
  ['created', 'Float64Array'],
  ['updated', 'Float64Array'],
  ['priceBand', 'Uint8Array'],
  ['ratingMask', 'Uint8Array'],
  ['framework', 'Int32Array'],
  ['gpuMemory', 'Float64Array'],
  ['cardFlags', 'Uint8Array'],
] as const;
type Column = (typeof COLUMNS)[number][0];

/**
 * The index as it stands, ready to write. Taken synchronously: what later changes may alter in
 * place (alive flags, dead documents, titles, counts) is copied; the rest only grows past what is
 * taken here, or is replaced by a new array (the old one is what gets written). A compaction, which
 * moves everything in place, waits until the file is written (index.ts).
 */
export function captureSnapshot(data: IndexData, origin: SnapshotOrigin): SnapshotWriter {
  const size = data.size;
  const writer = new SnapshotWriter();
  writer.value('format', FORMAT);
  writer.value('origin', origin);
  writer.value('size', size);
  writer.value('aliveCount', data.aliveCount);
  for (const [name] of COLUMNS) {
    const column = data[name as Column].subarray(0, size);
    writer.array(name, name === 'alive' ? column.slice() : column);
  }
  writer.array('idWords', data.ids.words.subarray(0, size * 4));
  writer.json('titles', data.titles.slice(0, size));
  writer.json('codes', [data.categories.values(), data.licenses.values(), data.sellers.values(), data.frameworks.values()]);
  const documents = data.documents;
  writer.array('docStart', documents.docStart.slice(0, size));
  writer.array('posStart', documents.posStart.subarray(0, size));
  writer.array('docArena', documents.docArena.subarray(0, documents.docUsed));
  writer.array('posArena', documents.posArena.subarray(0, documents.posUsed));
  capturePostings(writer, 'lexemes', documents.postings, size);
  capturePostings(writer, 'titleTokens', data.titleTokens.postings, size);
  const rows = data.rows;
  writer.array('rowChunkOf', rows.chunkOf.subarray(0, size));
  writer.array('rowStartOf', rows.startOf.subarray(0, size));
  writer.array('rowLengthOf', rows.lengthOf.subarray(0, size));
  // Sealed first: rows added while the file is written go to a new chunk, after what is taken here.
  rows.seal();
  writer.value('rowChunks', rows.chunks.length);
  rows.chunks.forEach((chunk, i) => {
    const filled = rows.filled[i] as number;
    if (chunk) writer.array(`rowChunk${i}`, chunk.subarray(0, filled));
    else writer.lazyBytes(`rowChunk${i}`, filled, () => rows.readChunk(i));
  });
  const orders = data.orders?.capture(data);
  if (orders) {
    writer.value(
      'orderKeys',
      orders.orders.map(([key]) => key),
    );
    for (const [key, slots] of orders.orders) writer.array(`order:${key}`, slots);
    writer.array('recent', Int32Array.from(orders.recent));
  }
  return writer;
}

function capturePostings(writer: SnapshotWriter, name: string, postings: PostingLists, size: number): void {
  const sizes = Int32Array.from(postings.sizes);
  writer.json(`${name}:texts`, [...postings.ids.keys()]);
  writer.array(`${name}:sizes`, sizes);
  writer.arrayPieces(
    `${name}:lists`,
    'Int32Array',
    postings.lists.map((list, id) => list.subarray(0, postings.sets[id] ? 0 : sizes[id])),
  );
  // The texts kept as bitsets, their words up to the last slot captured (slots added while the
  // file is written may set bits in the last one: restorePostings() clears what lies past `size`).
  const setIds = postings.sets.flatMap((set, id) => (set ? [id] : []));
  const words = (size >>> 5) + 1;
  const sets = setIds.map((id) => (postings.sets[id] as Int32Array).subarray(0, words));
  writer.array(`${name}:setIds`, Int32Array.from(setIds));
  writer.array(
    `${name}:setLengths`,
    Int32Array.from(sets, (set) => set.length),
  );
  writer.arrayPieces(`${name}:setWords`, 'Int32Array', sets);
}

/** The index saved in a snapshot with its origin, or undefined when the file is missing or of another format. */
export async function readSnapshot(file: string): Promise<{ data: IndexData; origin: SnapshotOrigin } | undefined> {
  const reader = await SnapshotReader.open(file);
  if (!reader) return undefined;
  try {
    if (!READABLE_FORMATS.has(reader.values.format as number)) return undefined;
    return { data: await restore(reader, file), origin: reader.values.origin as SnapshotOrigin };
  } finally {
    await reader.close();
  }
}

async function restore(reader: SnapshotReader, file: string): Promise<IndexData> {
  const size = reader.values.size as number;
  const data = new IndexData(1);
  data.capacity = size;
  data.size = size;
  data.aliveCount = reader.values.aliveCount as number;
  for (const [name, kind] of COLUMNS) (data as unknown as Record<Column, unknown>)[name] = await reader.array(name, kind);
  data.ids = new IdTable(
    size,
    reader.has('idWords') ? await reader.array('idWords', 'Int32Array') : idWordsOf(await reader.json<string[]>('ids')),
  );
  data.titles = await reader.json<string[]>('titles');
  const [categories, licenses, sellers, frameworks] = await reader.json<string[][]>('codes');
  data.categories = Codes.from(categories ?? []);
  data.licenses = Codes.from(licenses ?? []);
  data.sellers = Codes.from(sellers ?? []);
  data.frameworks = Codes.from(frameworks ?? []);
  const documents = new Documents(0);
  documents.docStart = await reader.array('docStart', 'Int32Array');
  documents.posStart = await reader.array('posStart', 'Int32Array');
  documents.docArena = await reader.array('docArena', 'Uint8Array');
  documents.docUsed = documents.docArena.length;
  documents.posArena = await reader.array('posArena', 'Uint16Array');
  documents.posUsed = documents.posArena.length;
  documents.postings = await restorePostings(reader, 'lexemes', size, true);
  data.documents = documents;
  data.titleTokens = new TitleTokens();
  data.titleTokens.postings = await restorePostings(reader, 'titleTokens', size, false);
  const rows = new Rows(0);
  rows.chunkOf = await reader.array('rowChunkOf', 'Int32Array');
  rows.startOf = await reader.array('rowStartOf', 'Int32Array');
  rows.lengthOf = await reader.array('rowLengthOf', 'Int32Array');
  // The rows stay in the file, read one by one when a page needs them (see Rows).
  const chunks = reader.values.rowChunks as number;
  const offsets = Array.from({ length: chunks }, (_, i) => reader.position(`rowChunk${i}`));
  rows.chunks = Array.from({ length: chunks }, () => undefined);
  rows.filled = Array.from({ length: chunks }, (_, i) => reader.bytesOf(`rowChunk${i}`));
  rows.useFile(fs.openSync(file, 'r'), offsets);
  data.rows = rows;
  if (reader.values.orderKeys) {
    const orders: [SortKey, Int32Array][] = [];
    for (const key of reader.values.orderKeys as SortKey[]) orders.push([key, await reader.array(`order:${key}`, 'Int32Array')]);
    const recent = Array.from(await reader.array('recent', 'Int32Array'));
    data.rebuildLookups();
    data.orders = SortedOrders.restore(data, orders, recent);
    return data;
  }
  data.rebuildLookups();
  return data;
}

async function restorePostings(reader: SnapshotReader, name: string, size: number, bitsets: boolean): Promise<PostingLists> {
  const postings = new PostingLists({ bitsets });
  postings.capacity = size;
  const texts = await reader.json<string[]>(`${name}:texts`);
  const sizes = await reader.array(`${name}:sizes`, 'Int32Array');
  const lists = await reader.array(`${name}:lists`, 'Int32Array');
  const setIds = await reader.array(`${name}:setIds`, 'Int32Array');
  const setLengths = await reader.array(`${name}:setLengths`, 'Int32Array');
  const setWords = await reader.array(`${name}:setWords`, 'Int32Array');
  const isSet = new Set(setIds);
  let offset = 0;
  texts.forEach((text, id) => {
    const listSize = isSet.has(id) ? 0 : (sizes[id] as number);
    postings.ids.set(text, id);
    postings.lists.push(lists.subarray(offset, offset + listSize));
    postings.sets.push(undefined);
    postings.sizes.push(sizes[id] as number);
    offset += listSize;
  });
  let wordOffset = 0;
  setIds.forEach((id, index) => {
    const length = setLengths[index] as number;
    const set = setWords.subarray(wordOffset, wordOffset + length);
    wordOffset += length;
    clearPast(set, size);
    postings.sets[id] = set;
  });
  return postings;
}

/** Clears the bits of slots from `size` on (set by products added while the snapshot was written). */
function clearPast(set: Int32Array, size: number): void {
  const word = size >>> 5;
  if (word < set.length) set[word] = (set[word] as number) & ((1 << (size & 31)) - 1);
  set.fill(0, word + 1);
}

/** After a snapshot is written: the rows it holds are read from it from now on (Rows.useFile); the file used before is closed a minute later (a search may still read it). */
export function readRowsFromSnapshot(data: IndexData, writer: SnapshotWriter, file: string): void {
  const chunks = writer.values.rowChunks as number;
  const offsets = Array.from({ length: chunks }, (_, i) => writer.position(`rowChunk${i}`));
  const previous = data.rows.useFile(fs.openSync(file, 'r'), offsets);
  if (previous !== undefined) setTimeout(() => fs.close(previous, () => {}), 60_000).unref();
}
