import type { ProductList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /debug/check-uploads (spec §7 Debug). */
export interface UploadsCheck {
  uploads_exists: boolean;
  uploads_path: string;
  files: { filename: string; url: string; exists: boolean }[];
}

export interface AuthTokenCheck {
  valid: boolean;
  user: { id: string; email: string; role: string };
  issued_at: string | null;
  expires_at: string | null;
}

export interface ApiTest {
  message: string;
  environment: string;
  time: string;
}

export interface SimpleAdminStatus {
  status: string;
  simple_admins: { total: number; active: number };
}

export interface DebugChecks {
  uploads: UploadsCheck;
  token: AuthTokenCheck;
  test: ApiTest;
  simpleAdmins: SimpleAdminStatus;
  firstProduct: ProductList['products'][number] | null;
}

/** The debug page's test fetches, run together on load (and again on demand). */
export async function getDebugChecks(): Promise<DebugChecks> {
  const [uploads, token, test, simpleAdmins, products] = await Promise.all([
    api.get<UploadsCheck>('/debug/check-uploads'),
    api.get<AuthTokenCheck>('/debug/check-auth-token'),
    api.get<ApiTest>('/test'),
    api.get<SimpleAdminStatus>('/simple-admin-test/status'),
    api.get<ProductList>('/products/?limit=1&sort_by=created_at&sort_order=desc'),
  ]);
  return { uploads, token, test, simpleAdmins, firstProduct: products.products[0] ?? null };
}

export function useDebugChecks() {
  return useQuery({ queryKey: ['debug', 'checks'], queryFn: getDebugChecks, retry: false, staleTime: 0 });
}
