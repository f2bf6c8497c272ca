import type { AdminUserList, Role } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export interface AdminUserFilters {
  search: string;
  role: Role | '';
  page: number;
  limit: number;
}

export function getUsers(filters: AdminUserFilters): Promise<AdminUserList> {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.role) params.set('role', filters.role);
  return api.get<AdminUserList>(`/admin/users?${params}`);
}

export function useUsers(filters: AdminUserFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'users', filters),
    queryFn: () => getUsers(filters),
    placeholderData: keepPreviousData,
  });
}
