import { useSyncExternalStore } from 'react';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from './storage-keys';

export type Theme = 'light' | 'dark';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The theme remembered in this browser (`themePreferences.currentTheme`), if any. */
export function getStoredTheme(): Theme | null {
  const stored = readStoredJson(STORAGE_KEYS.themePreferences);
  const theme = isRecord(stored) ? stored.currentTheme : null;
  return theme === 'light' || theme === 'dark' ? theme : null;
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let current: Theme = getStoredTheme() ?? systemTheme();
const listeners = new Set<() => void>();

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Switches the theme, remembers it (keeping any other stored preferences) and tells subscribers. */
export function setTheme(theme: Theme): void {
  const stored = readStoredJson(STORAGE_KEYS.themePreferences);
  writeStoredJson(STORAGE_KEYS.themePreferences, { ...(isRecord(stored) ? stored : {}), currentTheme: theme });
  current = theme;
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, () => current);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}

applyTheme(current);
