import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n';
import { mockApi } from '@/test/api-mock';
import { fakeCartServer, makeCartItem } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

describe('applied promo code in another language', () => {
  it('describes the code in the reader’s language, not the server’s English', async () => {
    await switchLanguage('fr');
    authStore.setSession(makeSession());
    mockApi(fakeCartServer([makeCartItem({ title: 'Chatbot Builder', price: 40 })]).handlers);
    const { user } = renderRoute('/cart');
    await screen.findByRole('heading', { name: 'Votre panier' }, { timeout: 15_000 });
    await screen.findByRole('list', { name: 'Articles de votre panier' });

    await user.type(await screen.findByLabelText('Code promo'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code promo SAVE10 appliqué')).toBeTruthy();
    // The server says '10% off'.
    expect(await screen.findByText('10 % de réduction')).toBeTruthy();
    expect(screen.queryByText('10% off')).toBeNull();
  });
});
