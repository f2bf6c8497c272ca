import type { SimpleAdminDashboard } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { simpleAdminCall } from '../lib/simple-admin-client';
import { simpleAdminQueryKey } from './simple-admin-query-key';

export function getSimpleAdminDashboard(): Promise<SimpleAdminDashboard> {
  return simpleAdminCall(() => api.get<SimpleAdminDashboard>('/simple-admin/dashboard'));
}

export function useSimpleAdminDashboard() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(simpleAdminQueryKey, viewerId, 'dashboard'), queryFn: getSimpleAdminDashboard });
}
