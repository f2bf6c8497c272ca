import type { PublicProduct } from '@app/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { Check, Eye, Package, Star, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '@/components/list-toolbar';
import { ProductReviewStatus } from '@/components/product-status-badge';
import { ProductIdentity } from '@/components/product-thumbnail';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { useApproveProduct } from '../api/approve-product';
import { useBulkUpdateProducts } from '../api/bulk-update-products';
import { useFeatureProduct } from '../api/feature-product';
import { type AdminProductFilters, type ReviewStatus, useAdminProducts } from '../api/get-admin-products';
import { useRejectProduct } from '../api/reject-product';
import { ProductChangesSection } from '../components/product-changes-section';
import { ProductReviewPanel } from '../components/product-review-panel';
import { RejectDialog } from '../components/reject-dialog';

const TABS: ReviewStatus[] = ['pending', 'approved', 'rejected', 'all'];
const PAGE_SIZE = 20;

interface Rejecting {
  ids: string[];
  /** The product's title when only one is rejected. */
  product?: string;
}

/** /admin/products: the moderation queue (spec §4 Product review), one product or many at a time. */
export function AdminProductsPage() {
  const { t } = useTranslation();
  const { filters, change, setPage } = useListFilters<AdminProductFilters>({
    status: 'pending',
    search: '',
    page: 1,
    limit: PAGE_SIZE,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [rejectFailure, setRejectFailure] = useState<string | null>(null);
  // The product open in the review panel (description, images, files) before a decision.
  const [reviewing, setReviewing] = useState<string | null>(null);
  const products = useAdminProducts(filters);
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const feature = useFeatureProduct();
  const bulk = useBulkUpdateProducts();

  const { items: list, pages } = usePagedList(products, 'products');
  const counts = products.data?.stats;
  const allSelected = list.length > 0 && list.every((product) => selected.has(product.id));

  const changeFilters = (next: Partial<AdminProductFilters>) => {
    change(next);
    setSelected(new Set());
  };

  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onApprove = (product: Pick<PublicProduct, 'id' | 'title'>) =>
    approve.mutate(product.id, {
      onSuccess: () => {
        notify.success(t('admin.products.approved', { title: product.title }));
        setReviewing((current) => (current === product.id ? null : current));
      },
      onError: failed,
    });

  const onFeature = (product: PublicProduct) =>
    feature.mutate(
      { id: product.id, featured: !product.featured },
      {
        onSuccess: () =>
          notify.success(
            product.featured
              ? t('admin.products.unfeatured', { title: product.title })
              : t('admin.products.featured', { title: product.title }),
          ),
        onError: failed,
      },
    );

  const onBulk = (updates: { status?: 'approved'; featured?: boolean }) =>
    bulk.mutate(
      { product_ids: [...selected], updates },
      {
        onSuccess: ({ updated }) => {
          notify.success(t('admin.products.bulkDone', { count: updated }));
          setSelected(new Set());
        },
        onError: failed,
      },
    );

  const onReject = (reason: string) => {
    if (!rejecting) return;
    setRejectFailure(null);
    const done = () => {
      notify.success(
        rejecting.product
          ? t('admin.products.rejected', { title: rejecting.product })
          : t('admin.products.bulkDone', { count: rejecting.ids.length }),
      );
      setRejecting(null);
      setSelected(new Set());
    };
    const onError = (error: unknown) => setRejectFailure(errorMessage(error, t('common.operationFailed')));
    const [only] = rejecting.ids;
    if (rejecting.product && only) reject.mutate({ id: only, reason }, { onSuccess: done, onError });
    else
      bulk.mutate(
        { product_ids: rejecting.ids, updates: { status: 'rejected', rejection_reason: reason } },
        { onSuccess: done, onError },
      );
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Package} title={t('admin.products.title')} description={t('admin.products.description')} />
      <ProductChangesSection />
      <Tabs.Root
        value={filters.status}
        // A tab loads its list from the server: arrow keys move between tabs, Enter or Space opens one.
        activationMode="manual"
        onValueChange={(status) => changeFilters({ status: status as ReviewStatus })}
        className="space-y-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List
            aria-label={t('admin.products.tabsLabel')}
            className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900"
          >
            {TABS.map((status) => {
              const count = counts ? (status === 'all' ? counts.total : counts[status]) : undefined;
              return (
                <Tabs.Trigger
                  key={status}
                  value={status}
                  className={cn(
                    'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:text-white',
                    'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white',
                  )}
                >
                  {t(`admin.products.tabs.${status}`)}
                  {count !== undefined && (
                    <span className="ml-1.5 text-xs text-slate-600 tabular-nums dark:text-slate-400">{count}</span>
                  )}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          <ListSearch
            label={t('admin.products.search')}
            placeholder={t('admin.products.searchPlaceholder')}
            onSearch={(search) => changeFilters({ search })}
            inputClassName="w-64"
          />
        </div>

        {selected.size > 0 && (
          <section
            aria-label={t('admin.products.bulk.label')}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 dark:border-indigo-900 dark:bg-indigo-950/40"
          >
            <span className="mr-2 text-sm font-medium text-indigo-900 dark:text-indigo-200">
              {t('admin.products.bulk.selected', { count: selected.size })}
            </span>
            <Button size="sm" onClick={() => onBulk({ status: 'approved' })} loading={bulk.isPending && !rejecting}>
              <Check className="size-4" aria-hidden />
              {t('admin.products.bulk.approve')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                setRejectFailure(null);
                setRejecting({ ids: [...selected] });
              }}
            >
              <X className="size-4" aria-hidden />
              {t('admin.products.bulk.reject')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onBulk({ featured: true })} disabled={bulk.isPending}>
              <Star className="size-4" aria-hidden />
              {t('admin.products.bulk.feature')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              {t('admin.products.bulk.clear')}
            </Button>
          </section>
        )}

        <Tabs.Content value={filters.status}>
          <DataTable
            label={t(`admin.products.tabs.${filters.status}`)}
            loading={products.isPending}
            error={products.isError ? errorMessage(products.error, t('common.operationFailed')) : null}
            empty={list.length === 0 ? t('admin.products.empty') : null}
            minWidth="56rem"
          >
            <thead>
              <tr>
                <Th className="w-10">
                  <input
                    type="checkbox"
                    aria-label={t('admin.products.selectAll')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((product) => product.id)))}
                    className="size-4 accent-indigo-600"
                  />
                </Th>
                <Th>{t('admin.products.columns.product')}</Th>
                <Th>{t('admin.products.columns.price')}</Th>
                <Th>{t('admin.products.columns.status')}</Th>
                <Th>{t('admin.products.columns.featured')}</Th>
                <Th>{t('admin.products.columns.submitted')}</Th>
                <Th className="text-right">{t('admin.products.columns.actions')}</Th>
              </tr>
            </thead>
            <tbody>
              {list.map((product) => (
                <tr key={product.id} className={cn(selected.has(product.id) && 'bg-indigo-50/50 dark:bg-indigo-950/20')}>
                  <Td>
                    <input
                      type="checkbox"
                      aria-label={t('admin.products.select', { title: product.title })}
                      checked={selected.has(product.id)}
                      onChange={() => toggle(product.id)}
                      className="size-4 accent-indigo-600"
                    />
                  </Td>
                  <Td>
                    <ProductIdentity
                      product={product}
                      detail={t('admin.products.by', { seller: product.seller_name, category: categoryName(product.category) })}
                    />
                  </Td>
                  <Td className="tabular-nums">{formatMoney(product.price)}</Td>
                  <Td className="max-w-56">
                    <ProductReviewStatus status={product.status} rejectionReason={product.rejection_reason} />
                  </Td>
                  <Td>
                    <button
                      type="button"
                      aria-pressed={product.featured}
                      aria-label={t('admin.products.featureLabel', { title: product.title })}
                      disabled={product.status !== 'approved' || feature.isPending}
                      title={product.status !== 'approved' ? t('admin.products.featureApprovedOnly') : undefined}
                      onClick={() => onFeature(product)}
                      className={cn(
                        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                        product.featured
                          ? 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900'
                          : 'text-slate-600 ring-slate-200 hover:bg-slate-50 dark:text-slate-400 dark:ring-slate-700 dark:hover:bg-slate-800',
                      )}
                    >
                      <Star className={cn('size-3.5', product.featured && 'fill-current')} aria-hidden />
                      {product.featured ? t('admin.products.isFeatured') : t('admin.products.notFeatured')}
                    </button>
                  </Td>
                  <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(product.created_at)}</Td>
                  <Td>
                    <div className="flex flex-wrap justify-end gap-1.5">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setReviewing(product.id)}
                        aria-label={t('admin.products.reviewLabel', { title: product.title })}
                      >
                        <Eye className="size-4" aria-hidden />
                        {t('admin.products.reviewAction')}
                      </Button>
                      {product.blocked_by_scan && (
                        <span
                          title={t('scan.dangerousBlocks')}
                          className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-1 text-xs font-medium text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900"
                        >
                          {t('scan.verdict.dangerous')}
                        </span>
                      )}
                      {product.status !== 'approved' && !product.blocked_by_scan && (
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-emerald-700 dark:text-emerald-400"
                          onClick={() => onApprove(product)}
                          disabled={approve.isPending}
                          aria-label={t('admin.products.approveLabel', { title: product.title })}
                        >
                          <Check className="size-4" aria-hidden />
                          {t('admin.products.approve')}
                        </Button>
                      )}
                      {product.status !== 'rejected' && (
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-red-600 dark:text-red-400"
                          onClick={() => {
                            setRejectFailure(null);
                            setRejecting({ ids: [product.id], product: product.title });
                          }}
                          aria-label={t('admin.products.rejectLabel', { title: product.title })}
                        >
                          <X className="size-4" aria-hidden />
                          {t('admin.products.rejectAction')}
                        </Button>
                      )}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </Tabs.Content>
      </Tabs.Root>
      <Pagination
        page={filters.page}
        pages={pages}
        onPageChange={(page) => {
          setPage(page);
          setSelected(new Set());
        }}
        label={t('admin.products.pagination')}
      />
      <ProductReviewPanel
        productId={reviewing}
        onClose={() => setReviewing(null)}
        approving={approve.isPending}
        onApprove={onApprove}
        onReject={(product) => {
          setReviewing(null);
          setRejectFailure(null);
          setRejecting({ ids: [product.id], product: product.title });
        }}
      />
      <RejectDialog
        open={rejecting !== null}
        title={
          rejecting?.product
            ? t('admin.products.reject.title', { title: rejecting.product })
            : t('admin.products.reject.bulkTitle', { count: rejecting?.ids.length ?? 0 })
        }
        busy={reject.isPending || bulk.isPending}
        failure={rejectFailure}
        onCancel={() => setRejecting(null)}
        onReject={onReject}
      />
    </div>
  );
}
