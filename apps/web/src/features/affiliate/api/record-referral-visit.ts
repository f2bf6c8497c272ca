import { api } from '@/lib/api-client';

/**
 * Forwards a `?ref=<code>` the visitor arrived with. The server checks the code, counts the click
 * and sets the attribution cookie; the storefront never decides attribution itself.
 */
export function recordReferralVisit(code: string): Promise<{ attributed: boolean }> {
  return api.post('/affiliates/visits', { code });
}
