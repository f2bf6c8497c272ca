import type { PublicProduct } from '@app/shared';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { ProductIdentity } from '@/components/product-thumbnail';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { formatDate, formatMoney } from '@/lib/format';

export interface SimpleAdminProductsTableProps {
  products: readonly PublicProduct[];
  loading: boolean;
  /** Shown in place of the table (no products, or none with this status). */
  empty: string | null;
  /** Names the table; the products page's title by default. */
  label?: string;
  /** Inside a card of its own already. */
  bare?: boolean;
}

/** The simple admin's products with status and rejection reason; each can be edited (there is no delete). */
export function SimpleAdminProductsTable({ products, loading, empty, label, bare }: SimpleAdminProductsTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable label={label ?? t('simpleAdmin.nav.products')} loading={loading} empty={empty} minWidth="40rem" bare={bare}>
      <thead>
        <tr>
          <Th>{t('simpleAdmin.products.columns.product')}</Th>
          <Th>{t('simpleAdmin.products.columns.price')}</Th>
          <Th>{t('simpleAdmin.products.columns.status')}</Th>
          <Th>{t('simpleAdmin.products.columns.created')}</Th>
          <Th>
            <span className="sr-only">{t('simpleAdmin.products.columns.actions')}</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id}>
            <Td>
              <ProductIdentity product={product} />
            </Td>
            <Td className="tabular-nums">{formatMoney(product.price)}</Td>
            <Td className="max-w-60">
              <ProductReviewStatus status={product.status} rejectionReason={product.rejection_reason} />
            </Td>
            <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(product.created_at)}</Td>
            <Td className="text-right">
              <Link
                to={`/simple-admin/products/${product.id}/edit`}
                className={buttonClasses('ghost', 'sm')}
                aria-label={t('simpleAdmin.products.editLabel', { title: product.title })}
              >
                <Pencil className="size-4" aria-hidden />
                {t('simpleAdmin.products.edit')}
              </Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
