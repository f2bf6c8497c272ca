import { SEARCH } from '@app/shared';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from '@/lib/storage-keys';

/** Spec §3/§9: up to 5 recent searches in localStorage `recentSearches`, newest first. */
export function readRecentSearches(): string[] {
  const stored = readStoredJson(STORAGE_KEYS.recentSearches);
  if (!Array.isArray(stored)) return [];
  return stored.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, SEARCH.recentSearches);
}

/** Puts `text` first, dropping an earlier copy (case ignored), and keeps the newest five. */
export function saveRecentSearch(text: string): string[] {
  const query = text.trim();
  if (!query) return readRecentSearches();
  const key = query.toLowerCase();
  const next = [query, ...readRecentSearches().filter((item) => item.trim().toLowerCase() !== key)].slice(
    0,
    SEARCH.recentSearches,
  );
  writeStoredJson(STORAGE_KEYS.recentSearches, next);
  return next;
}

export function clearRecentSearches(): void {
  writeStoredJson(STORAGE_KEYS.recentSearches, []);
}
