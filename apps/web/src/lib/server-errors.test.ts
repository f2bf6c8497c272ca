import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api-mock';
import { ApiError, api, errorMessage } from './api-client';
import { applyServerFieldErrors } from './form-errors';
import { switchLanguage, translateMessage } from './i18n';

afterEach(async () => {
  await switchLanguage('en');
});

const failure = async (detail: string, code: string, status: number) => {
  mockApi({ 'GET /api/v1/thing': () => json(status, { detail, code }) });
  return api.get('/thing').catch((error: unknown) => error);
};

describe('server errors in the reader’s language', () => {
  it('shows an English reader the server’s own detail', async () => {
    expect(errorMessage(await failure('This refund was already decided', 'CONFLICT', 409), 'fallback')).toBe(
      'This refund was already decided',
    );
  });

  it('translates a detail it knows word for word, else says what the code means', async () => {
    await switchLanguage('fr');
    expect(errorMessage(await failure('Product not found', 'NOT_FOUND', 404), 'x')).toBe('Produit introuvable');
    // Sentences with full stops are whole keys, not nested paths.
    expect(errorMessage(await failure('Your session has ended. Please sign in again.', 'UNAUTHORIZED', 401), 'x')).toBe(
      'Votre session a expiré. Veuillez vous reconnecter.',
    );
    expect(errorMessage(await failure('This refund was already decided', 'CONFLICT', 409), 'x')).toBe(
      'Ce remboursement a déjà été traité',
    );
    // A detail worded at run time (it names the refund's state) is not a key: the code's meaning stands in.
    expect(errorMessage(await failure('This refund was already approved', 'CONFLICT', 409), 'x')).toBe(
      'Les données ont changé entre-temps. Veuillez recharger la page et réessayer.',
    );
    await switchLanguage('ja');
    expect(errorMessage(await failure('Too many sign-in attempts', 'RATE_LIMITED', 429), 'x')).toBe(
      '試行回数が多すぎます。しばらく待ってからもう一度お試しください。',
    );
  });

  it('translates by the server’s messageId, whatever the English wording', async () => {
    await switchLanguage('es');
    mockApi({
      'GET /api/v1/thing': () =>
        json(404, { detail: 'Product could not be found', code: 'NOT_FOUND', messageId: 'catalog.productNotFound' }),
    });
    const error = await api.get('/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageId).toBe('catalog.productNotFound');
    expect(errorMessage(error, 'x')).toBe('Producto no encontrado');
  });

  it('puts a 422’s field messages on the form as catalogue texts the fields translate by id', async () => {
    await switchLanguage('de');
    mockApi({
      'POST /api/v1/thing': () =>
        json(422, {
          detail: 'First name is required',
          code: 'VALIDATION_FAILED',
          messageId: 'auth.firstNameRequired',
          errors: [
            { field: 'first_name', message: 'Give a first name', messageId: 'auth.firstNameRequired' },
            { field: 'last_name', message: 'Last name is required' },
          ],
        }),
    });
    const error = await api.post('/thing', {}).catch((caught: unknown) => caught);
    const set: Record<string, string | undefined> = {};
    const applied = applyServerFieldErrors<{ first_name: string; last_name: string }>(
      error,
      (name, { message }) => {
        set[name] = message;
      },
      ['first_name', 'last_name'],
    );
    expect(applied).toBe(true);
    expect(set).toEqual({ first_name: 'First name is required', last_name: 'Last name is required' });
    expect(translateMessage(set.first_name ?? '')).toBe('Vorname ist erforderlich');
  });

  it('falls back to the server’s detail for a code it does not know', async () => {
    await switchLanguage('de');
    expect(errorMessage(new ApiError('Something new', 418, 'TEAPOT'), 'x')).toBe('Something new');
    expect(errorMessage(new Error(''), 'Vorgang fehlgeschlagen')).toBe('Vorgang fehlgeschlagen');
  });
});
