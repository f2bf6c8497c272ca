import {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  FONT_SIZE_PX,
  type Language,
  type Preferences,
  type PreferencesResponse,
  type PreferencesUpdate,
  pickLanguage,
} from '@app/shared';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { authStore } from './auth-store';
import { activeLanguage, switchLanguage } from './i18n';
import { checkPreferences, readPreferences, readPreferencesUpdate } from './preference-checks';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from './storage-keys';

/**
 * Display preferences (spec §3): applied to <html> (`dark`, `high-contrast`, `compact`,
 * `reduce-motion` classes, the root font size, `lang`), remembered in this browser under
 * `themePreferences`, and for a signed-in user kept on the server too. On sign-in the latest
 * explicit choice wins: what the visitor chose while signed out (kept under `unsavedPreferences`)
 * is laid over the account's copy and saved to it; everything else comes from the account. An
 * account that has none gets this browser's.
 */

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** What a first visit starts from: the system's theme and motion setting, the browser's language. */
function browserDefaults(): Preferences {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return {
    ...DEFAULT_PREFERENCES,
    currentTheme: matches('(prefers-color-scheme: dark)') ? 'dark' : 'light',
    language: pickLanguage(languages) ?? 'en',
    reducedMotion: matches('(prefers-reduced-motion: reduce)'),
  };
}

function readBrowserPreferences(): Preferences {
  return readPreferences(readStoredJson(STORAGE_KEYS.themePreferences), browserDefaults());
}

let current: Preferences = readBrowserPreferences();
const listeners = new Set<() => void>();

/** Puts the preferences on <html>, where the CSS (index.css) reads them. */
function applyToDocument(preferences: Preferences): void {
  const root = document.documentElement;
  root.classList.toggle('dark', preferences.currentTheme === 'dark');
  root.style.colorScheme = preferences.currentTheme;
  root.classList.toggle('high-contrast', preferences.highContrast);
  root.classList.toggle('compact', preferences.compactMode);
  root.classList.toggle('reduce-motion', preferences.reducedMotion || !preferences.animations);
  root.style.fontSize = `${FONT_SIZE_PX[preferences.fontSize]}px`;
}

function remember(preferences: Preferences): void {
  const stored = readStoredJson(STORAGE_KEYS.themePreferences);
  // Keep anything else another version of the app stored beside ours.
  const others = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  writeStoredJson(STORAGE_KEYS.themePreferences, { ...others, ...preferences });
}

/** Makes `next` the page's preferences: document, browser storage, language, subscribers. */
async function adopt(next: Preferences): Promise<void> {
  const languageChanged = next.language !== activeLanguage();
  current = next;
  applyToDocument(next);
  remember(next);
  for (const listener of listeners) listener();
  if (languageChanged) await switchLanguage(next.language);
}

/** The preferences in force now. */
export function getPreferences(): Preferences {
  return current;
}

export type SaveOutcome = 'local' | 'saved' | 'failed';

let changesSinceSync = 0;

/** What a visitor chose while signed out and no account has yet: newer than any account's copy. */
function readUnsaved(): PreferencesUpdate {
  return readPreferencesUpdate(readStoredJson(STORAGE_KEYS.unsavedPreferences));
}

function rememberUnsaved(update: PreferencesUpdate): void {
  const before = readUnsaved();
  const merged: PreferencesUpdate = { ...before, ...update };
  if (before.preferences || update.preferences) merged.preferences = { ...before.preferences, ...update.preferences };
  if (before.notificationSettings || update.notificationSettings)
    merged.notificationSettings = { ...before.notificationSettings, ...update.notificationSettings };
  writeStoredJson(STORAGE_KEYS.unsavedPreferences, merged);
}

function forgetUnsaved(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.unsavedPreferences);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/**
 * Changes some preferences: applied and remembered in this browser at once, then saved to the
 * account when someone is signed in. Resolves with what the server said ('local' for visitors).
 */
export async function updatePreferences(update: PreferencesUpdate): Promise<SaveOutcome> {
  const next = checkPreferences(applyPreferencesUpdate(current, update));
  changesSinceSync += 1;
  await adopt(next);
  if (authStore.getState().status !== 'authenticated') {
    rememberUnsaved(update);
    return 'local';
  }
  try {
    await api.put<PreferencesResponse>('/users/me/preferences', update);
    return 'saved';
  } catch {
    return 'failed';
  }
}

/** Switches the page's language (header picker, profile). */
export function setLanguage(language: Language): Promise<SaveOutcome> {
  return updatePreferences({ language });
}

/**
 * On every sign-in: the account's stored preferences replace this browser's, except for what the
 * visitor chose while signed out (the latest explicit choice), which is kept and saved to the
 * account; an account without any gets this browser's. A change made while the answer was on its
 * way is kept and sent instead.
 */
async function syncSignedInUser(userId: string): Promise<void> {
  const before = changesSinceSync;
  const unsaved = readUnsaved();
  const chose = Object.keys(unsaved).length > 0;
  const isStillSignedIn = () => {
    const state = authStore.getState();
    return state.status === 'authenticated' && state.user.id === userId;
  };
  try {
    const { preferences } = await api.get<PreferencesResponse>('/users/me/preferences');
    if (!isStillSignedIn()) return;
    if (preferences && changesSinceSync === before) {
      const account = readPreferences(preferences, current);
      await adopt(chose ? checkPreferences(applyPreferencesUpdate(account, unsaved)) : account);
      if (chose) await api.put<PreferencesResponse>('/users/me/preferences', unsaved);
    } else {
      await api.put<PreferencesResponse>('/users/me/preferences', current);
    }
    // On the account now (or never to be: the account's copy was taken): the next sign-in starts clean.
    forgetUnsaved();
  } catch {
    // The browser's preferences stay in force; the next sign-in tries again.
  }
}

/** Watches the session and syncs preferences whenever a different user signs in. Returns a stop function. */
export function syncPreferencesWithAccount(): () => void {
  let syncedUserId: string | null = null;
  const check = () => {
    const state = authStore.getState();
    if (state.status !== 'authenticated') {
      if (state.status === 'anonymous') syncedUserId = null;
      return;
    }
    if (state.user.id === syncedUserId) return;
    syncedUserId = state.user.id;
    void syncSignedInUser(state.user.id);
  };
  check();
  return authStore.subscribe(check);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences);
}

/** Before the first render: the document matches the stored preferences and their language is loaded. */
export async function startPreferences(): Promise<void> {
  current = readBrowserPreferences();
  applyToDocument(current);
  await switchLanguage(current.language);
}

/** Back to what this browser has stored (tests start each case from a clean slate). */
export function reloadPreferencesFromBrowser(): void {
  current = readBrowserPreferences();
  applyToDocument(current);
  for (const listener of listeners) listener();
}

applyToDocument(current);

/** 'auto' when the reader asked for less motion (their preference, or the system's on a first visit), else 'smooth'. */
export function scrollBehavior(): ScrollBehavior {
  return document.documentElement.classList.contains('reduce-motion') ? 'auto' : 'smooth';
}
