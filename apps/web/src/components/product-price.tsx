import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

export interface ProductPriceProps {
  price: number;
  /** Shown struck through only when it is higher than the price. */
  originalPrice?: number | null;
  size?: 'md' | 'lg';
  className?: string;
  /** Pay what you want: `price` is the seller's minimum ("Pay what you want, from $X"). */
  payWhatYouWant?: boolean;
}

/**
 * A USD price, with the earlier price struck through when the product is discounted; "Free" for a
 * product that costs $0, "Pay what you want, from $X" when the buyer chooses the amount.
 */
export function ProductPrice({ price, originalPrice, size = 'md', className, payWhatYouWant = false }: ProductPriceProps) {
  const { t } = useTranslation();
  const discounted = !payWhatYouWant && typeof originalPrice === 'number' && originalPrice > price;
  const amount = payWhatYouWant
    ? t('productCard.payWhatYouWantFrom', { price: formatMoney(price) })
    : price === 0
      ? t('productCard.free')
      : formatMoney(price);
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span
        className={cn(
          'font-bold text-slate-900 tabular-nums dark:text-white',
          size === 'lg' ? 'text-3xl tracking-tight' : 'text-base',
        )}
      >
        <span className="sr-only">{t('productCard.price')} </span>
        {amount}
      </span>
      {discounted && (
        <span className={cn('text-slate-500 tabular-nums dark:text-slate-400', size === 'lg' ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">{t('productCard.originalPrice')} </span>
          <del>{formatMoney(originalPrice)}</del>
        </span>
      )}
    </p>
  );
}
