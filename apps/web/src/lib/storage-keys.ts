/**
 * Every browser-storage key the storefront uses (spec §3 Browser storage).
 * Auth tokens are deliberately absent: the access token lives in memory only and the
 * refresh token is an httpOnly cookie the page cannot read.
 */
export const STORAGE_KEYS = {
  themePreferences: 'themePreferences',
  recentSearches: 'recentSearches',
  /** The shopping assistant's server-side session id (sessionStorage: one conversation per tab). */
  chatSession: 'chatSession',
  /** When this tab last reloaded itself into a new deploy (sessionStorage; guards against reload loops). */
  newVersionReload: 'newVersionReload',
  /** Preferences a visitor chose while signed out, laid over the account's at the next sign-in. */
  unsavedPreferences: 'unsavedPreferences',
  /** The product ids a visitor put aside to compare (at most 4, oldest first). */
  compareList: 'compareList',
} as const;

/** Reads a JSON value; a missing, unreadable or blocked entry gives null. */
export function readStoredJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Writes a JSON value; storage that is full or blocked (private mode) is ignored. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Preferences are a convenience: failing to remember them must not break the page.
  }
}
