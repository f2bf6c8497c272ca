import { STORAGE_KEYS } from './storage-keys';

/**
 * After a deploy, an open tab still runs the old build: its next lazy page or language bundle asks
 * for a file that is gone, and the import fails. Reloading once brings the new version. The time of
 * that reload is kept for the tab (sessionStorage), so a file that is missing in the new version
 * too, or a network that is down, shows the error screen instead of reloading forever.
 */

/** A second failure this soon after the reload is not a stale tab: show the error instead. */
export const RELOAD_GUARD_MS = 60_000;

/** The messages browsers and Vite give when a build file cannot be fetched. */
const CHUNK_ERRORS = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERRORS.some((text) => error.message.includes(text));
}

/** The page reload, kept in an object so tests can watch it (jsdom cannot navigate). */
export const page = {
  reload: () => window.location.reload(),
};

function lastReload(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(STORAGE_KEYS.newVersionReload));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reloads into the new version, unless this tab already did so within RELOAD_GUARD_MS.
 * True when it reloads; false when the caller should show the error.
 */
export function reloadIntoNewVersion(now = Date.now()): boolean {
  const last = lastReload();
  if (last !== null && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.newVersionReload, String(now));
  } catch {
    // Without storage there is no loop guard: never reload blindly.
    return false;
  }
  page.reload();
  return true;
}

/** Vite's own event for a failed preload of a lazy file: reload instead of letting the import fail. */
export function installNewVersionReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadIntoNewVersion()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
