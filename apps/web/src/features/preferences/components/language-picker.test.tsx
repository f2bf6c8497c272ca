import { DEFAULT_PREFERENCES } from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const stored = () => JSON.parse(window.localStorage.getItem('themePreferences') ?? '{}');

describe('language picker in the header', () => {
  it('switches a visitor’s page to the chosen language, remembers it in the browser and tells the server which one', async () => {
    authStore.clear();
    const server = mockApi();
    const { user } = renderRoute('/');

    const [picker] = await screen.findAllByLabelText('Language');
    expect(screen.getAllByRole('option', { name: 'Deutsch' }).length).toBeGreaterThan(0);
    await user.selectOptions(picker as HTMLSelectElement, 'de');

    expect((await screen.findAllByLabelText('Sprache')).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('de');
    expect(stored().language).toBe('de');
    // A visitor has no account to save to.
    expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(0);

    await api.get('/cart');
    expect(server.calls('GET /api/v1/cart').at(-1)?.headers.get('accept-language')).toBe('de');
  });

  it('saves a signed-in user’s choice to the account', async () => {
    authStore.setSession(makeSession());
    const server = mockApi();
    const { user } = renderRoute('/');
    // The sign-in sync first stores this browser's preferences on the account that has none.
    await waitFor(() => expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(1));

    const [picker] = await screen.findAllByLabelText('Language');
    await user.selectOptions(picker as HTMLSelectElement, 'ja');

    await waitFor(() => expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(2));
    expect(server.calls('PUT /api/v1/users/me/preferences')[1]?.body).toEqual({ language: 'ja' });
    expect(document.documentElement.lang).toBe('ja');
  });

  it('keeps the language a visitor just chose when they sign in, and saves it to the account', async () => {
    authStore.clear();
    let account = { ...DEFAULT_PREFERENCES, language: 'en', currentTheme: 'dark' };
    const server = mockApi({ 'GET /api/v1/users/me/preferences': () => json(200, { preferences: account }) });
    const { user } = renderRoute('/');

    const [picker] = await screen.findAllByLabelText('Language');
    await user.selectOptions(picker as HTMLSelectElement, 'de');
    expect((await screen.findAllByLabelText('Sprache')).length).toBeGreaterThan(0);

    act(() => authStore.setSession(makeSession()));

    // The account's other choices arrive (dark theme); the language chosen a moment ago stays.
    await waitFor(() => expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(1));
    expect(server.calls('PUT /api/v1/users/me/preferences')[0]?.body).toEqual({ language: 'de' });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.lang).toBe('de');
    expect(stored().language).toBe('de');
    expect((await screen.findAllByLabelText('Sprache')).length).toBeGreaterThan(0);

    // Signed out and in again with no new choice: the account's copy, changed elsewhere since, wins.
    act(() => authStore.clear());
    account = { ...account, language: 'fr' };
    act(() => authStore.setSession(makeSession()));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(1);
  });

  it('says so, in the new language, when the account could not store the choice; the page keeps it', async () => {
    authStore.setSession(makeSession());
    const server = mockApi({
      'GET /api/v1/users/me/preferences': () => json(200, { preferences: null }),
      'PUT /api/v1/users/me/preferences': () => json(500, { detail: 'Internal error', code: 'INTERNAL' }),
    });
    const { user } = renderRoute('/');
    await waitFor(() => expect(server.calls('PUT /api/v1/users/me/preferences')).toHaveLength(1));

    const [picker] = await screen.findAllByLabelText('Language');
    await user.selectOptions(picker as HTMLSelectElement, 'fr');

    expect(
      await screen.findByText('Impossible d’enregistrer dans votre compte. La modification reste appliquée dans ce navigateur.'),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(stored().language).toBe('fr');
  });
});
