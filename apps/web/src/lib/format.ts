import { CURRENCY } from '@app/shared';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** Prices are USD (spec §1). */
export function formatMoney(amount: number): string {
  return money.format(amount);
}
