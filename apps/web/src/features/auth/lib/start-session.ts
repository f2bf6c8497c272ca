import type { AuthResponse } from '@app/shared';
import { authStore, displayName } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { markNewAccount } from '@/lib/new-account';
import { notify } from '@/lib/notify';

type Greeting = 'welcome' | 'accountCreated' | 'adminWelcome';

/**
 * Stores a fresh session and says so. Runs in the mutation's own onSuccess: the page
 * redirects as soon as the store says "signed in", and a callback on the unmounted form
 * would never fire.
 */
export function startSession(session: AuthResponse, greeting: Greeting): void {
  if (greeting === 'accountCreated') {
    notify.success(i18n.t('auth.register.successTitle'), i18n.t('auth.register.successMessage'));
  } else if (greeting === 'adminWelcome') {
    notify.success(i18n.t('auth.adminLogin.success'));
  } else {
    notify.success(i18n.t('auth.login.welcomeTitle'), i18n.t('auth.login.welcomeMessage', { name: displayName(session.user) }));
  }
  // Before the store says "signed in", so the first render after it already greets a new account as new.
  markNewAccount(greeting === 'accountCreated' ? session.user.id : null);
  authStore.setSession(session);
}
