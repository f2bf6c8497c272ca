import { ApiError, endLostSession } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';

/**
 * The simple-admin client's own error texts (spec §8): one per status, each error keeping its
 * status and body. A 401 also ends the session, which sends the user to /simple-admin/login.
 */
export function simpleAdminError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status === 0) return error;
  const rebuilt = (message: string) => new ApiError(message, error.status, error.code, error.fieldErrors, error.body);
  switch (error.status) {
    case 401:
      if (authStore.getState().status === 'authenticated') endLostSession();
      return rebuilt(i18n.t('simpleAdmin.errors.401'));
    case 403:
      return rebuilt(i18n.t('simpleAdmin.errors.403'));
    case 404:
      return rebuilt(i18n.t('simpleAdmin.errors.404'));
    case 413:
      return rebuilt(i18n.t('simpleAdmin.errors.413'));
    case 422:
      return rebuilt(i18n.t('simpleAdmin.errors.422', { detail: error.message }));
    case 500:
      return rebuilt(i18n.t('simpleAdmin.errors.500'));
    default:
      // An answer that is not our JSON error body (a proxy's HTML page) cannot be read.
      return typeof error.body === 'object' && error.body !== null ? error : rebuilt(i18n.t('simpleAdmin.errors.invalid'));
  }
}

/** Runs one simple-admin call: errors are mapped, and a success that is not a JSON object is 'Invalid response format'. */
export async function simpleAdminCall<T>(call: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    throw simpleAdminError(error);
  }
  if (typeof result !== 'object' || result === null) {
    throw new ApiError(i18n.t('simpleAdmin.errors.invalid'), 200, 'INVALID_RESPONSE', [], result);
  }
  return result;
}
