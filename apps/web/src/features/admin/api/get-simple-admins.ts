import type { SimpleAdminList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export const simpleAdminsKey = [...adminQueryKey, 'simple-admins'] as const;

export function getSimpleAdmins(): Promise<SimpleAdminList> {
  return api.get<SimpleAdminList>('/super-admin/simple-admins');
}

/** The restricted admins a super admin (role admin) manages. */
export function useSimpleAdmins() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(simpleAdminsKey, viewerId), queryFn: getSimpleAdmins });
}
