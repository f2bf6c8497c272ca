import type { ThemeName } from '@app/shared';
import { updatePreferences, usePreferences } from './preferences';

export type Theme = ThemeName;

/** Switches the theme (one of the display preferences: remembered, and saved to the account when signed in). */
export function setTheme(theme: Theme): void {
  void updatePreferences({ currentTheme: theme });
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = usePreferences().currentTheme;
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
