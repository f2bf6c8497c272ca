// The search index's own thread (see thread.ts): a SearchIndex on a database pool of its own,
// answering the calls of the thread that serves requests.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../../db/client';
import { type PlacedPage, SearchIndex } from './index';
import { type PackedPage, packedFacets, type ThreadCall, type ThreadOptions, type ToIndexThread } from './thread';

if (!parentPort) throw new Error('thread-worker.ts runs as a worker thread (see thread.ts)');
const port: MessagePort = parentPort;
const options = workerData as ThreadOptions;
const db = createDatabase(options.databaseUrl, options.poolMax);
const index = new SearchIndex(db, options.checkEveryMs, options.snapshotFile);

/** The main thread's LISTEN connection, relayed: whether it is up comes with each call. */
const relay = {
  listening: false,
  subscribers: new Set<() => void>(),
  subscribe(subscriber: () => void): () => void {
    relay.subscribers.add(subscriber);
    return () => relay.subscribers.delete(subscriber);
  },
};
index.follow(relay);
index.onUpdate(() => port.postMessage({ type: 'updated' }));

/**
 * The page with where its rows are, packed (PackedPage): a row in the snapshot file as its place,
 * read by the thread that serves requests (a search here reads none); a row held in memory
 * (changed since the last save) copied into one buffer. The typed arrays are moved, not copied.
 */
function packed(page: PlacedPage | undefined): { value: PackedPage | undefined; transfer: ArrayBuffer[] } {
  if (!page) return { value: undefined, transfer: [] };
  let held = 0;
  for (const row of page.rows) if (row instanceof Uint8Array) held += row.byteLength;
  const rowBytes = new Uint8Array(held);
  const places = new Float64Array(3 * page.rows.length);
  let at = 0;
  page.rows.forEach((row, i) => {
    if (row instanceof Uint8Array) {
      rowBytes.set(row, at);
      places.set([-1, at, row.byteLength], 3 * i);
      at += row.byteLength;
    } else places.set([row.fd, row.position, row.length], 3 * i);
  });
  const { rows: _rows, ids, facets, ...rest } = page;
  const { facetCounts, facetValues } = packedFacets(facets);
  return {
    value: { ...rest, ids: ids.join(','), rowBytes, places, facetCounts, facetValues },
    transfer: [rowBytes.buffer, places.buffer, facetCounts.buffer],
  };
}

async function answer(call: ThreadCall): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
  switch (call.op) {
    case 'search':
      return packed(await index.searchPlaces(call.query, call.words));
    case 'browse':
      return packed(await index.browsePlaces(call.query));
    case 'product': {
      const found = await index.product(call.id);
      if (!found) return { value: undefined, transfer: [] };
      // A copy of its own: a row read from the file may share Node's pool of small buffers.
      const json = new Uint8Array(found.json);
      return { value: { json, category: found.category }, transfer: [json.buffer] };
    }
    case 'load':
      return { value: await index.load(), transfer: [] };
    case 'settled':
      return { value: await index.settled(), transfer: [] };
    case 'stats':
      return { value: index.stats(), transfer: [] };
    case 'bytesByPart':
      return { value: index.bytesByPart(), transfer: [] };
    case 'close':
      await index.settled();
      await db.$client.end();
      return { value: undefined, transfer: [] };
  }
}

/**
 * Calls waiting for their turn. Node hands a port's queued messages over in one go, up to a
 * thousand: answered as they come, a burst of searches would keep the database's replies (a
 * word's lexemes, a catch-up) waiting behind them for up to a second. Each turn of the event loop
 * answers one, after the loop has looked at its sockets.
 */
const queue: Extract<ToIndexThread, { type: 'call' }>[] = [];
let turnScheduled = false;

function nextTurn(): void {
  turnScheduled = false;
  const message = queue.shift();
  if (!message) return;
  if (queue.length > 0) scheduleTurn();
  answer(message.call).then(
    ({ value, transfer }) => port.postMessage({ type: 'reply', id: message.id, value }, transfer),
    (error: unknown) => port.postMessage({ type: 'reply', id: message.id, error: String(error) }),
  );
}

function scheduleTurn(): void {
  if (turnScheduled) return;
  turnScheduled = true;
  setImmediate(nextTurn);
}

port.on('message', (message: ToIndexThread) => {
  if (message.type === 'localWrite') {
    index.noteLocalWrite();
    return;
  }
  relay.listening = message.listening;
  if (message.type === 'changed') {
    for (const subscriber of relay.subscribers) subscriber();
    return;
  }
  queue.push(message);
  scheduleTurn();
});
