import { type BecameSeller, becomeSellerSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** POST /seller/become: a signed-in buyer accepts the seller terms and becomes a seller. */
export function becomeSeller(body: z.input<typeof becomeSellerSchema>): Promise<BecameSeller> {
  return api.post<BecameSeller>('/seller/become', becomeSellerSchema.parse(body));
}

export function useBecomeSeller() {
  return useMutation({ mutationFn: becomeSeller, onSuccess: ({ user }) => authStore.setUser(user) });
}
