import { cartSummaryLines, type SummaryLine } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { PriceSummary } from '@/components/price-summary';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Cart } from '@/lib/cart/get-cart';
import { licenseName } from '@/lib/catalog-names';
import { formatMoney } from '@/lib/format';

/** The cart's lines and price rows; `lines` when the checkout already priced them with the buyer's tax. */
export function OrderSummary({ cart, lines }: { cart: Cart; lines?: SummaryLine[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('checkout.summary')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="space-y-4">
          {cart.items.map((item) => (
            <li key={item.product_id} className="flex items-center gap-3">
              <ProductThumbnail src={item.image} className="aspect-[8/5] w-16 rounded-lg text-sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{item.title}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('checkout.quantity', { count: item.quantity })} · {licenseName(item.license)}
                </p>
              </div>
              <p className="text-sm font-medium text-slate-900 tabular-nums dark:text-white">
                {formatMoney(item.price * item.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <PriceSummary lines={lines ?? cartSummaryLines(cart)} />
      </CardContent>
    </Card>
  );
}
