import { DEFAULT_PREFERENCES } from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { reloadPreferencesFromBrowser, startPreferences } from '@/lib/preferences';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const root = document.documentElement;
const stored = () => JSON.parse(window.localStorage.getItem('themePreferences') ?? '{}');

async function openProfile(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession());
  const server = mockApi({ 'GET /api/v1/users/me': () => json(200, makeUser()), ...handlers });
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { name: 'Preferences' });
  return { ...view, server, saves: () => server.calls('PUT /api/v1/users/me/preferences').map((call) => call.body) };
}

describe('preferences on the profile page', () => {
  it('applies a font size at once and says it is saved only once the server has it', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, saves } = await openProfile({
      'PUT /api/v1/users/me/preferences': ({ body }) =>
        (body as { fontSize?: string }).fontSize === 'extra-large'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : json(200, { preferences: DEFAULT_PREFERENCES }),
    });

    await user.click(screen.getByRole('radio', { name: 'Extra large' }));

    expect(root.style.fontSize).toBe('20px');
    expect(await screen.findByText('Saving to your account…')).toBeTruthy();
    expect(screen.queryByText('Saved to your account')).toBeNull();
    answer(json(200, { preferences: { ...DEFAULT_PREFERENCES, fontSize: 'extra-large' } }));
    expect(await screen.findByText('Saved to your account')).toBeTruthy();
    expect(saves()).toContainEqual({ fontSize: 'extra-large' });
    expect(stored().fontSize).toBe('extra-large');
  });

  it('turns on high contrast, compact mode and reduced motion as classes on the page', async () => {
    const { user, saves } = await openProfile();

    await user.click(screen.getByRole('checkbox', { name: 'High contrast' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compact mode' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reduce motion' }));
    await user.click(screen.getByRole('radio', { name: 'Dark' }));

    expect([...root.classList]).toEqual(expect.arrayContaining(['high-contrast', 'compact', 'reduce-motion', 'dark']));
    await waitFor(() =>
      expect(saves()).toEqual(
        expect.arrayContaining([
          { highContrast: true },
          { compactMode: true },
          { reducedMotion: true },
          { currentTheme: 'dark' },
        ]),
      ),
    );
    expect(stored()).toMatchObject({ highContrast: true, compactMode: true, reducedMotion: true, currentTheme: 'dark' });

    await user.click(screen.getByRole('checkbox', { name: 'High contrast' }));
    expect(root.classList.contains('high-contrast')).toBe(false);
  });

  it('tells the user when the account could not store a change, which still applies in this browser', async () => {
    const { user } = await openProfile({
      'PUT /api/v1/users/me/preferences': () => json(503, { detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }),
    });

    await user.click(screen.getByRole('checkbox', { name: 'Compact mode' }));

    expect(await screen.findByText('Could not save to your account. The change still applies in this browser.')).toBeTruthy();
    expect(screen.queryByText('Saved to your account')).toBeNull();
    expect(root.classList.contains('compact')).toBe(true);
  });

  it('sets where pop-up messages appear and how many at once', async () => {
    const { user, saves } = await openProfile();

    await user.selectOptions(screen.getByLabelText('Position'), 'bottom-left');
    await user.selectOptions(screen.getByLabelText('Shown at once'), '5');

    await waitFor(() =>
      expect(saves()).toEqual(
        expect.arrayContaining([
          { notificationSettings: { position: 'bottom-left' } },
          { notificationSettings: { maxCount: 5 } },
        ]),
      ),
    );
    expect(stored().notificationSettings).toMatchObject({ position: 'bottom-left', maxCount: 5 });
  });
});

describe('preferences when someone signs in', () => {
  it('takes the account’s stored preferences over this browser’s', async () => {
    window.localStorage.setItem('themePreferences', JSON.stringify({ currentTheme: 'light', fontSize: 'small', language: 'en' }));
    reloadPreferencesFromBrowser();
    const account = { ...DEFAULT_PREFERENCES, currentTheme: 'dark', fontSize: 'large', highContrast: true, language: 'fr' };
    authStore.setSession(makeSession());
    const server = mockApi({ 'GET /api/v1/users/me/preferences': () => json(200, { preferences: account }) });
    renderRoute('/');

    await waitFor(() => expect(root.lang).toBe('fr'));
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('high-contrast')).toBe(true);
    expect(root.style.fontSize).toBe('18px');
    expect(stored()).toMatchObject({ currentTheme: 'dark', fontSize: 'large', language: 'fr' });
    expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(0);
  });

  it('saves this browser’s choices to an account that has none yet', async () => {
    window.localStorage.setItem('themePreferences', JSON.stringify({ compactMode: true, fontSize: 'large', language: 'es' }));
    reloadPreferencesFromBrowser();
    authStore.setSession(makeSession());
    const server = mockApi();
    renderRoute('/');

    await waitFor(() => expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(1));
    expect(server.calls('PUT /api/v1/users/me/preferences')[0]?.body).toMatchObject({
      compactMode: true,
      fontSize: 'large',
      language: 'es',
    });
  });

  it('guesses a first visitor’s language from the browser, and keeps English for one it does not have', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR', 'ja-JP', 'en']);
    await startPreferences();
    mockApi();
    renderRoute('/');
    expect((await screen.findAllByLabelText('言語')).length).toBeGreaterThan(0);
    expect(root.lang).toBe('ja');

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR', 'it']);
    window.localStorage.clear();
    await act(() => startPreferences());
    expect((await screen.findAllByLabelText('Language')).length).toBeGreaterThan(0);
    expect(root.lang).toBe('en');
  });
});
