import type { PublicProduct } from '@app/shared';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductStatusBadge } from '@/components/product-status-badge';
import { ProductThumbnail } from '@/components/product-thumbnail';
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
                <div className="flex items-center gap-3">
                  <ProductThumbnail src={product.image} className="size-11 text-xs" />
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-white">{product.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{product.category}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 tabular-nums">{formatMoney(product.price)}</td>
              <td className="max-w-60 px-4 py-3">
                <ProductStatusBadge status={product.status} />
                {product.status === 'rejected' && product.rejection_reason && (
                  <p className="mt-1 text-xs text-red-700 dark:text-red-400">
                    {t('simpleAdmin.products.reason', { reason: product.rejection_reason })}
                  </p>
                )}
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
