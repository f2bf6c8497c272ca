import type { CartView } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/**
 * Subtotal, discount, tax (always 0, spec §9) and total. The discount row is the promo, so the
 * rows add up; the spec's wider discount (original-price savings plus promo) is shown as savings.
 */
export function CartTotals({ cart }: { cart: Pick<CartView, 'subtotal' | 'discount' | 'tax' | 'total' | 'promoCode'> }) {
  const { t } = useTranslation();
  const promo = cart.promoCode?.discount ?? 0;
  const rows = [
    { label: t('cart.totals.subtotal'), value: formatMoney(cart.subtotal) },
    {
      label: cart.promoCode ? t('cart.totals.discountWithCode', { code: cart.promoCode.code }) : t('cart.totals.discount'),
      value: promo > 0 ? `−${formatMoney(promo)}` : formatMoney(0),
    },
    { label: t('cart.totals.tax'), value: formatMoney(cart.tax) },
  ];
  return (
    <dl className="space-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{row.value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base dark:border-slate-800">
        <dt className="font-semibold text-slate-900 dark:text-white">{t('cart.totals.total')}</dt>
        <dd className="font-bold text-slate-900 tabular-nums dark:text-white">{formatMoney(cart.total)}</dd>
      </div>
      {cart.discount > 0 && (
        <div className="flex justify-between gap-4 text-emerald-700 dark:text-emerald-400">
          <dt>{t('cart.totals.savings')}</dt>
          <dd className="font-medium tabular-nums">{formatMoney(cart.discount)}</dd>
        </div>
      )}
    </dl>
  );
}
