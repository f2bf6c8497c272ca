import type { PublicProduct } from '@app/shared';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { ProductIdentity } from '@/components/product-thumbnail';
import { buttonClasses } from '@/components/ui/button';
import { formatDate, formatMoney } from '@/lib/format';

/** The simple admin's products with status and rejection reason; each can be edited (there is no delete). */
export function SimpleAdminProductsTable({ products }: { products: readonly PublicProduct[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t('simpleAdmin.products.columns.product')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t('simpleAdmin.products.columns.price')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t('simpleAdmin.products.columns.status')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t('simpleAdmin.products.columns.created')}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">{t('simpleAdmin.products.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {products.map((product) => (
            <tr key={product.id} className="align-top">
              <td className="px-4 py-3">
                <ProductIdentity product={product} />
              </td>
              <td className="px-4 py-3 tabular-nums">{formatMoney(product.price)}</td>
              <td className="max-w-60 px-4 py-3">
                <ProductReviewStatus status={product.status} rejectionReason={product.rejection_reason} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(product.created_at)}</td>
              <td className="px-4 py-3 text-right">
                <Link
                  to={`/simple-admin/products/${product.id}/edit`}
                  className={buttonClasses('ghost', 'sm')}
                  aria-label={t('simpleAdmin.products.editLabel', { title: product.title })}
                >
                  <Pencil className="size-4" aria-hidden />
                  {t('simpleAdmin.products.edit')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
