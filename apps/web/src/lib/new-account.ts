import { authStore } from '@/lib/auth-store';

/**
 * The account created in this tab just now: it is greeted "Welcome", never "Welcome back".
 * Any other sign-in, or signing out, ends it.
 */
let newAccountId: string | null = null;

export function markNewAccount(userId: string | null): void {
  newAccountId = userId;
}

export function isNewAccount(userId: string): boolean {
  return newAccountId === userId;
}

authStore.subscribe(() => {
  const state = authStore.getState();
  if (state.status !== 'authenticated' || state.user.id !== newAccountId) newAccountId = null;
});
