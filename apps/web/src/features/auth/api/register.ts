import type { AuthResponse, RegisterRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assertSession } from '../lib/session-response';
import { startSession } from '../lib/start-session';

export async function register(body: RegisterRequest): Promise<AuthResponse> {
  return assertSession(await api.post<AuthResponse>('/auth/register', body));
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: (session) => startSession(session, 'accountCreated') });
}
