import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_SCRIPT_URL, GoogleIdentityError, loadGoogleIdentity } from './google-identity';

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete window.google;
});

describe('Google Identity Services loader', () => {
  it('gives up after 10 seconds with the spec timeout', async () => {
    vi.useFakeTimers();
    const loading = loadGoogleIdentity();
    const outcome = loading.catch((error: unknown) => error);
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(10_000);

    const error = await outcome;
    expect(error).toBeInstanceOf(GoogleIdentityError);
    expect((error as GoogleIdentityError).key).toBe('timeout');
  });

  it('reports a script that fails to load', async () => {
    const loading = loadGoogleIdentity().catch((error: unknown) => error);
    document.querySelector<HTMLScriptElement>('script')?.dispatchEvent(new Event('error'));
    expect(((await loading) as GoogleIdentityError).key).toBe('scriptFailed');
  });

  it('resolves with google.accounts.id once the script has loaded', async () => {
    const loading = loadGoogleIdentity();
    const id = { initialize: vi.fn(), renderButton: vi.fn(), cancel: vi.fn() };
    window.google = { accounts: { id } };
    document.querySelector<HTMLScriptElement>('script')?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(id);
  });
});
