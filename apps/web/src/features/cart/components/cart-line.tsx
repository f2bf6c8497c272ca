import type { CartItemView } from '@app/shared';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PayWhatYouWantField } from '@/components/pay-what-you-want-field';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { buttonClasses } from '@/components/ui/button';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { QuantityStepper } from './quantity-stepper';

export interface CartLineProps {
  item: CartItemView;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** A pay-what-you-want line's new amount per unit. */
  onAmount?: (amount: number) => void;
}

export function CartLine({ item, onQuantity, onRemove, onAmount }: CartLineProps) {
  const { t } = useTranslation();
  const reduced = item.originalPrice !== null && item.originalPrice > item.price;
  return (
    <li className="flex gap-4 py-5">
      <ProductThumbnail src={item.image} className="aspect-[8/5] w-28 self-start sm:w-36" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold text-slate-900 dark:text-white">
            <Link to={`/products/${item.product_id}`} className="hover:text-indigo-600 dark:hover:text-indigo-400">
              {item.title}
            </Link>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('cart.soldBy', { seller: item.seller })}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {licenseName(item.license)} · {categoryName(item.category)}
          </p>
          {item.available === false && (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">{t('cart.unavailable')}</p>
          )}
          {item.pay_what_you_want && item.available !== false && (
            <PayWhatYouWantField
              className="pt-2"
              minimum={item.min_price ?? 0}
              suggested={item.suggested_price ?? null}
              value={item.price}
              commitOnBlur
              error={item.amount_below_minimum ? t('pwyw.raised', { minimum: formatMoney(item.min_price ?? 0) }) : undefined}
              onChange={(amount) => amount !== null && onAmount?.(amount)}
            />
          )}
          <div className="flex items-center gap-3 pt-2">
            {item.available !== false && <QuantityStepper title={item.title} quantity={item.quantity} onChange={onQuantity} />}
            <button
              type="button"
              className={cn(
                buttonClasses('ghost', 'sm'),
                'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40',
              )}
              aria-label={t('cart.removeItem', { title: item.title })}
              onClick={onRemove}
            >
              <Trash2 className="size-4" aria-hidden />
              <span className="hidden sm:inline">{t('cart.remove')}</span>
            </button>
          </div>
        </div>
        <div className="text-left sm:text-right">
          <p className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(item.price)}</p>
          {reduced && (
            <p className="text-sm text-slate-500 line-through tabular-nums dark:text-slate-400">
              <span className="sr-only">{t('cart.originalPrice')} </span>
              {formatMoney(item.originalPrice as number)}
            </p>
          )}
          {item.quantity > 1 && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('cart.lineTotal', { amount: formatMoney(item.price * item.quantity) })}
            </p>
          )}
          {/* Which code took what off this line (a seller's code only ever touches that seller's lines). */}
          {(item.promo_discounts ?? []).map((part) => (
            <p key={part.code} className="mt-1 text-xs font-medium text-emerald-700 tabular-nums dark:text-emerald-400">
              {t('sellerPromoCodes.cartDiscount', { code: part.code, amount: formatMoney(part.amount) })}
            </p>
          ))}
        </div>
      </div>
    </li>
  );
}
