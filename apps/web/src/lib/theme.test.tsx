import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { reloadPreferencesFromBrowser } from './preferences';
import { setTheme } from './theme';

describe('theme toggle', () => {
  it('switches the dark class on <html> and remembers the choice, keeping other preferences', async () => {
    setTheme('light');
    window.localStorage.setItem('themePreferences', JSON.stringify({ currentTheme: 'light', fontSize: 'large' }));
    reloadPreferencesFromBrowser();
    authStore.clear();
    mockApi();
    const { user } = renderRoute('/');

    const [toggle] = screen.getAllByRole('button', { name: 'Switch to dark theme' });
    await user.click(toggle as HTMLElement);

    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('themePreferences') ?? '{}')).toMatchObject({
      currentTheme: 'dark',
      fontSize: 'large',
    });
    await user.click(screen.getAllByRole('button', { name: 'Switch to light theme' })[0] as HTMLElement);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
