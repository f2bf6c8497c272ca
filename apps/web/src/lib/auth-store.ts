import type { AuthResponse, PublicUser } from '@app/shared';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, kept in memory only (never in localStorage, so a script
 * injected into the page cannot lift a token from storage). The refresh token is an
 * httpOnly cookie; on start `restoreSession` trades it for a fresh access token.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthState =
  | { status: 'loading'; user: null; accessToken: null }
  | { status: 'anonymous'; user: null; accessToken: null }
  | { status: 'authenticated'; user: PublicUser; accessToken: string };

const LOADING: AuthState = { status: 'loading', user: null, accessToken: null };
const ANONYMOUS: AuthState = { status: 'anonymous', user: null, accessToken: null };

let state: AuthState = LOADING;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  getState(): AuthState {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Any successful login, register, Google login or refresh. */
  setSession(session: Pick<AuthResponse, 'user' | 'access_token'>): void {
    setState({ status: 'authenticated', user: session.user, accessToken: session.access_token });
  },
  /** A fresher copy of the signed-in user (profile edit, avatar upload). */
  setUser(user: PublicUser): void {
    if (state.status === 'authenticated') setState({ ...state, user });
  },
  /** A new access token for the same user (after a password change). */
  setAccessToken(accessToken: string): void {
    if (state.status === 'authenticated') setState({ ...state, accessToken });
  },
  /** Signed out: logout, account deletion, or a session the server no longer accepts. */
  clear(): void {
    setState(ANONYMOUS);
  },
  /** Back to the start-up state; only tests need this. */
  reset(): void {
    setState(LOADING);
  },
};

export function useAuth() {
  const current = useSyncExternalStore(authStore.subscribe, authStore.getState);
  return {
    ...current,
    isLoading: current.status === 'loading',
    isAuthenticated: current.status === 'authenticated',
  };
}

/** The name shown in the header greeting and menus. */
export function displayName(user: Pick<PublicUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email.split('@')[0] || user.email;
}

/** The signed-in user, for components that only render behind `ProtectedRoute`. */
export function useRequiredUser(): PublicUser {
  const auth = useAuth();
  if (auth.status !== 'authenticated') throw new Error('useRequiredUser used outside a signed-in route');
  return auth.user;
}
