import type { OwnProduct, PublicProduct } from '@app/shared';
import { GitBranch, Pencil, Plus, Table2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearch, ListToolbar } from '@/components/list-toolbar';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { ProductIdentity } from '@/components/product-thumbnail';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { hasDataFile, SellerDatasetPreviewPanel } from '@/features/dataset-previews/components/seller-dataset-preview-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { priceText } from '@/lib/price-text';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { useDeleteSellerProduct } from '../api/delete-seller-product';
import { useSellerPendingChanges } from '../api/get-seller-pending-changes';
import { type ProductStatusFilter, type SellerProductFilters, useSellerProducts } from '../api/get-seller-products';
import { ProductVersionsDialog } from './product-versions-dialog';
import { SellerFileScans } from './seller-file-scans';

const PAGE_SIZE = 10;
const STATUSES: ProductStatusFilter[] = ['', 'pending', 'approved', 'rejected'];

export interface SellerProductsProps {
  onAdd: () => void;
  onEdit: (product: PublicProduct) => void;
}

/** The seller's products: search, status filter, pages, and edit or delete each one. */
export function SellerProducts({ onAdd, onEdit }: SellerProductsProps) {
  const { t } = useTranslation();
  const { filters, change, setPage } = useListFilters<SellerProductFilters>({
    query: '',
    status: '',
    page: 1,
    limit: PAGE_SIZE,
  });
  const [deleting, setDeleting] = useState<PublicProduct | null>(null);
  const [previewing, setPreviewing] = useState<PublicProduct | null>(null);
  const [versioning, setVersioning] = useState<PublicProduct | null>(null);
  const products = useSellerProducts(filters);
  const remove = useDeleteSellerProduct();
  // An approved product stays on sale as it was while its edit or new version waits for review.
  const waiting = useSellerPendingChanges().data;
  // Spec §8 silent fallback: a list that cannot be read shows as empty.
  const { items: list, pages } = usePagedList(products, 'products');
  const filtered = filters.query !== '' || filters.status !== '';

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t('seller.products.deleted', { title: deleting.title }));
        setDeleting(null);
      },
      onError: (error) => {
        notify.error(t('seller.products.deleteFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="seller-products-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="seller-products-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('seller.products.title')}
        </h2>
        <Button onClick={onAdd}>
          <Plus className="size-4" aria-hidden />
          {t('seller.products.add')}
        </Button>
      </div>
      <ListToolbar align="end">
        <ListSearch
          label={t('seller.products.search')}
          placeholder={t('seller.products.searchPlaceholder')}
          onSearch={(query) => change({ query })}
          className="min-w-64 flex-1"
        />
        <FilterSelect
          label={t('seller.products.statusFilter')}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={STATUSES.map((status) => ({
            value: status,
            label: status ? t(`productStatus.${status}`) : t('seller.products.allStatuses'),
          }))}
        />
      </ListToolbar>
      <DataTable
        label={t('seller.products.title')}
        loading={products.isPending}
        stale={products.isPlaceholderData}
        error={products.isError ? translateMessage(errorMessage(products.error, t('common.operationFailed'))) : null}
        empty={list.length === 0 ? (filtered ? t('seller.products.noMatch') : t('seller.products.empty')) : null}
        minWidth="44rem"
      >
        <thead>
          <tr>
            <Th>{t('seller.products.columns.product')}</Th>
            <Th>{t('seller.products.columns.price')}</Th>
            <Th>{t('seller.products.columns.status')}</Th>
            <Th>{t('seller.products.columns.sales')}</Th>
            <Th>{t('seller.products.columns.created')}</Th>
            <Th className="text-right">
              <span className="sr-only">{t('seller.products.columns.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {list.map((product) => (
            <tr key={product.id} className="align-top">
              <Td>
                <ProductIdentity product={product} />
              </Td>
              <Td className="tabular-nums text-slate-900 dark:text-white">{priceText(t, product)}</Td>
              <Td className="max-w-64">
                <ProductReviewStatus status={product.status} rejectionReason={product.rejection_reason} />
                {waiting?.get(product.id)?.edit && (
                  <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">{t('versions.seller.editWaiting')}</p>
                )}
                {waiting?.get(product.id)?.version_label && (
                  <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">
                    {t('versions.seller.versionWaiting', { label: waiting.get(product.id)?.version_label })}
                  </p>
                )}
                <SellerFileScans product={product as OwnProduct} />
              </Td>
              <Td className="tabular-nums text-slate-700 dark:text-slate-300">{product.sales_count}</Td>
              <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(product.created_at)}</Td>
              <Td>
                <div className="flex flex-wrap justify-end gap-1">
                  {hasDataFile(product as OwnProduct) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setPreviewing(product)}
                      aria-label={t('datasetPreview.seller.toggleLabel', { title: product.title })}
                    >
                      <Table2 className="size-4" aria-hidden />
                      {t('datasetPreview.seller.toggle')}
                    </Button>
                  )}
                  {product.status === 'approved' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setVersioning(product)}
                      aria-label={t('versions.seller.openLabel', { title: product.title })}
                    >
                      <GitBranch className="size-4" aria-hidden />
                      {t('versions.seller.open')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onEdit(product)}
                    aria-label={t('seller.products.editLabel', { title: product.title })}
                  >
                    <Pencil className="size-4" aria-hidden />
                    {t('seller.products.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 dark:text-red-400"
                    onClick={() => setDeleting(product)}
                    aria-label={t('seller.products.deleteLabel', { title: product.title })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    {t('seller.products.delete')}
                  </Button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={filters.page} pages={pages} onPageChange={setPage} label={t('seller.products.pagination')} />
      {versioning && <ProductVersionsDialog key={versioning.id} product={versioning} onClose={() => setVersioning(null)} />}
      {previewing && <SellerDatasetPreviewPanel key={previewing.id} product={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('seller.products.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('seller.products.deleteText')}
        confirmLabel={t('seller.products.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
