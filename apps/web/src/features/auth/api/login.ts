import type { AuthResponse, LoginRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assertSession } from '../lib/session-response';
import { startSession } from '../lib/start-session';

export async function login(body: LoginRequest): Promise<AuthResponse> {
  return assertSession(await api.post<AuthResponse>('/auth/login', body));
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (session) => startSession(session, 'welcome') });
}
