import { emailField, type PublicUser, passwordField } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { simpleAdminsKey } from './get-simple-admins';

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || value.length >= 2, `${label} must be at least 2 characters`)
    .refine((value) => value.length <= 100, `${label} must be at most 100 characters`);

export const simpleAdminSchema = z.object({
  email: emailField(),
  password: passwordField,
  first_name: optionalName('First name'),
  last_name: optionalName('Last name'),
});
export type SimpleAdminForm = z.input<typeof simpleAdminSchema>;

/** Blank names are left out so the server's defaults apply. */
export function withoutBlanks<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined)) as Partial<T>;
}

/** POST /super-admin/simple-admins. */
export function createSimpleAdmin(
  body: z.output<typeof simpleAdminSchema>,
): Promise<{ message: string; simple_admin: PublicUser }> {
  return api.post('/super-admin/simple-admins', withoutBlanks(body));
}

export function useCreateSimpleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSimpleAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminsKey }),
  });
}
