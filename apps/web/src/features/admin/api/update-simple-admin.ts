import { type PublicUser, passwordField, type SimpleAdminUpdate as SimpleAdminUpdateRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { simpleAdminSchema, withoutBlanks } from './create-simple-admin';
import { simpleAdminsKey } from './get-simple-admins';

/** Editing: the password may stay blank (unchanged). */
export const simpleAdminUpdateSchema = simpleAdminSchema.extend({
  password: z.union([z.literal(''), passwordField]),
});
export type SimpleAdminUpdateForm = z.input<typeof simpleAdminUpdateSchema>;

export type SimpleAdminUpdate = SimpleAdminUpdateRequest & { id: string };

/** PUT /super-admin/simple-admins/{id}; a new password or a deactivation ends their sessions. */
export function updateSimpleAdmin({ id, ...body }: SimpleAdminUpdate): Promise<{ message: string; simple_admin: PublicUser }> {
  return api.put(`/super-admin/simple-admins/${encodeURIComponent(id)}`, withoutBlanks(body));
}

export function useUpdateSimpleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSimpleAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminsKey }),
  });
}
