import type { PublicUser } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductStatusBadge } from '@/components/product-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { useSimpleAdminProducts } from '../api/get-simple-admin-products';

const LIMIT = 8;

/** One simple admin's products (newest first), paged with skip/limit. Approving them happens in Products. */
export function SimpleAdminProductsDialog({ simpleAdmin, onClose }: { simpleAdmin: PublicUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(0);
  const products = useSimpleAdminProducts(simpleAdmin.id, skip, LIMIT);
  const { items: list, total } = usePagedList(products, 'products');

  return (
    <Modal open title={t('admin.simpleAdmins.productsTitle', { email: simpleAdmin.email })} onClose={onClose}>
      {products.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : products.isError ? (
        <Alert tone="error">{errorMessage(products.error, t('common.operationFailed'))}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.simpleAdmins.noProducts')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{product.title}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400 tabular-nums">{formatMoney(product.price)}</p>
              </div>
              <ProductStatusBadge status={product.status} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex items-center justify-between gap-3">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {total > 0 && t('admin.simpleAdmins.range', { from: skip + 1, to: Math.min(skip + LIMIT, total), total })}
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - LIMIT))}>
            {t('pagination.previousShort')}
          </Button>
          <Button size="sm" variant="outline" disabled={skip + LIMIT >= total} onClick={() => setSkip(skip + LIMIT)}>
            {t('pagination.nextShort')}
          </Button>
          <Button size="sm" onClick={onClose}>
            {t('admin.simpleAdmins.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
