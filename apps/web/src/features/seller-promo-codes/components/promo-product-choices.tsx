import { useTranslation } from 'react-i18next';
import type { RegisteredField } from '@/components/password-fields';

export interface PromoProductChoicesProps {
  products: readonly { id: string; title: string }[];
  /** The `product_ids` registration: one checkbox per product, all of them one array. */
  field: RegisteredField;
}

/** Which of the seller's products a code takes off (none checked: all of them). */
export function PromoProductChoices({ products, field: { error, ...registration } }: PromoProductChoicesProps) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900 dark:text-white">{t('sellerPromoCodes.fields.products')}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerPromoCodes.appliesToAll')}</p>
      <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
        {products.map((product) => (
          <label key={product.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={product.id} className="size-4" {...registration} />
            {product.title}
          </label>
        ))}
      </div>
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
