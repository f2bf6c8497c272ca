import { COMPARE_MAX } from '@app/shared';
import { useSyncExternalStore } from 'react';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from './storage-keys';

/**
 * The products a visitor put aside to compare, kept in this browser (at most COMPARE_MAX, oldest
 * first; adding a fifth drops the oldest). Every control showing it follows each change, in this
 * tab at once and in other tabs through the storage event.
 */

const listeners = new Set<() => void>();
let cached: { raw: unknown; ids: readonly string[] } | undefined;

function read(): readonly string[] {
  const raw = readStoredJson(STORAGE_KEYS.compareList);
  if (cached && cached.raw === raw) return cached.ids;
  const ids = Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string').slice(-COMPARE_MAX) : [];
  // readStoredJson parses anew on every call: keep one array while the stored text is the same.
  const same = cached && cached.ids.length === ids.length && cached.ids.every((id, index) => id === ids[index]);
  cached = { raw, ids: same && cached ? cached.ids : ids };
  return cached.ids;
}

function write(ids: readonly string[]): void {
  writeStoredJson(STORAGE_KEYS.compareList, ids);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.compareList) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function compareIds(): readonly string[] {
  return read();
}

/** Adds the product, or takes it out when it is there already. */
export function toggleCompare(id: string): void {
  const ids = read();
  write(ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id].slice(-COMPARE_MAX));
}

export function removeFromCompare(id: string): void {
  write(read().filter((other) => other !== id));
}

export function clearCompare(): void {
  write([]);
}

/** The compare list, re-rendering on every change. */
export function useCompareList(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

const EMPTY: readonly string[] = [];

/** The compare page's address for these products. */
export function comparePath(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}
