import type { SaleAlertSettings } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { findSaleAlertSettings, saveSaleAlertSettings } from './repository';

/** The signed-in seller's sale alert settings (e-mails on unless turned off). */
export function getSaleAlertSettings(deps: AppDeps, userId: string): Promise<SaleAlertSettings> {
  return findSaleAlertSettings(deps.db, userId);
}

/** Turns the sale and refund e-mails on or off; the in-app notifications stay. */
export async function updateSaleAlertSettings(deps: AppDeps, userId: string, emails: boolean): Promise<SaleAlertSettings> {
  await saveSaleAlertSettings(deps.db, userId, emails);
  return findSaleAlertSettings(deps.db, userId);
}
