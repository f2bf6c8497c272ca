import type { PromoCodeView, PromoStatus } from '@app/shared';
import type { TFunction } from 'i18next';
import { Pencil, Plus, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearch, ListToolbar } from '@/components/list-toolbar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { categoryName } from '@/lib/catalog-names';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { useDeactivatePromoCode } from '../api/deactivate-promo-code';
import { type PromoCodeFilters, usePromoCodes } from '../api/get-promo-codes';
import { useUpdatePromoCode } from '../api/update-promo-code';
import { PromoCodeFormDialog } from '../components/promo-code-form-dialog';

const PAGE_SIZE = 20;

const STATUS_TONES: Record<PromoStatus, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  expired: 'warning',
  used_up: 'warning',
  inactive: 'neutral',
};

/** The rules a code sets, one short phrase each. */
export function promoRules(promo: PromoCodeView, t: TFunction): string[] {
  const rules: string[] = [];
  if (promo.first_order_only) rules.push(t('admin.promoCodes.rules.firstOrder'));
  if (promo.per_customer_limit !== null) rules.push(t('admin.promoCodes.rules.perCustomer', { count: promo.per_customer_limit }));
  if (promo.min_subtotal > 0) rules.push(t('admin.promoCodes.rules.minSubtotal', { amount: formatMoney(promo.min_subtotal) }));
  if (promo.category) {
    const name = categoryName(promo.category);
    rules.push(t('admin.promoCodes.rules.category', { name }));
  }
  if (promo.product_id) rules.push(t('admin.promoCodes.rules.product', { title: promo.product_title ?? promo.product_id }));
  if (promo.starts_at) rules.push(t('admin.promoCodes.rules.from', { date: formatDate(promo.starts_at) }));
  if (promo.expires_at) rules.push(t('admin.promoCodes.rules.until', { date: formatDate(promo.expires_at) }));
  return rules;
}

/** /admin/promo-codes: create codes with their rules, see how they are used, edit or switch them off. */
export function AdminPromoCodesPage() {
  const { t } = useTranslation();
  const { filters, change, setPage } = useListFilters<PromoCodeFilters>({ search: '', active: '', page: 1, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<{ promo?: PromoCodeView } | null>(null);
  const [deactivating, setDeactivating] = useState<PromoCodeView | null>(null);
  const promoCodes = usePromoCodes(filters);
  const deactivate = useDeactivatePromoCode();
  const update = useUpdatePromoCode();
  const { items: list, pages } = usePagedList(promoCodes, 'promo_codes');

  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  const onDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(deactivating.id, {
      onSuccess: () => notify.success(t('admin.promoCodes.deactivated', { code: deactivating.code })),
      onError: failed,
      onSettled: () => setDeactivating(null),
    });
  };

  const onActivate = (promo: PromoCodeView) =>
    update.mutate(
      { id: promo.id, active: true },
      { onSuccess: () => notify.success(t('admin.promoCodes.activated', { code: promo.code })), onError: failed },
    );

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={TicketPercent}
        title={t('admin.promoCodes.title')}
        description={t('admin.promoCodes.description')}
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus className="size-4" aria-hidden />
            {t('admin.promoCodes.add')}
          </Button>
        }
      />
      <ListToolbar>
        <ListSearch
          label={t('admin.promoCodes.search')}
          placeholder={t('admin.promoCodes.searchPlaceholder')}
          onSearch={(search) => change({ search })}
          className="min-w-64 flex-1"
        />
        <FilterSelect
          label={t('admin.promoCodes.activeFilter')}
          value={filters.active}
          onChange={(active) => change({ active })}
          options={[
            { value: '', label: t('admin.promoCodes.allCodes') },
            { value: 'true', label: t('admin.promoCodes.onlyActive') },
            { value: 'false', label: t('admin.promoCodes.onlyInactive') },
          ]}
        />
      </ListToolbar>
      <DataTable
        label={t('admin.promoCodes.title')}
        loading={promoCodes.isPending}
        error={promoCodes.isError ? errorMessage(promoCodes.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('admin.promoCodes.empty') : null}
        minWidth="60rem"
      >
        <thead>
          <tr>
            <Th>{t('admin.promoCodes.columns.code')}</Th>
            <Th>{t('admin.promoCodes.columns.discount')}</Th>
            <Th>{t('admin.promoCodes.columns.status')}</Th>
            <Th>{t('admin.promoCodes.columns.usage')}</Th>
            <Th>{t('admin.promoCodes.columns.rules')}</Th>
            <Th className="text-right">{t('admin.promoCodes.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((promo) => {
            const rules = promoRules(promo, t);
            return (
              <tr key={promo.id}>
                <Td>
                  <p className="font-mono font-medium text-slate-900 dark:text-white">{promo.code}</p>
                  {promo.description && <p className="text-xs text-slate-500 dark:text-slate-400">{promo.description}</p>}
                </Td>
                <Td className="whitespace-nowrap">
                  {promo.kind === 'percent'
                    ? t('admin.promoCodes.percentOff', { value: promo.value })
                    : t('admin.promoCodes.amountOff', { amount: formatMoney(promo.value) })}
                </Td>
                <Td>
                  <Badge tone={STATUS_TONES[promo.status]}>{t(`admin.promoCodes.status.${promo.status}`)}</Badge>
                </Td>
                <Td className="whitespace-nowrap">
                  <p className="text-slate-900 dark:text-white">
                    {promo.usage_limit === null
                      ? t('admin.promoCodes.usedUnlimited', { used: promo.used_count })
                      : t('admin.promoCodes.usedOf', { used: promo.used_count, limit: promo.usage_limit })}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {t('admin.promoCodes.paidUses', {
                      count: promo.redemptions,
                      amount: formatMoney(promo.revenue_discounted),
                    })}
                  </p>
                </Td>
                <Td className="text-slate-600 dark:text-slate-400">
                  {rules.length === 0 ? (
                    t('admin.promoCodes.rules.none')
                  ) : (
                    <ul className="space-y-0.5 text-xs">
                      {rules.map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </ul>
                  )}
                </Td>
                <Td>
                  <div className="flex flex-wrap justify-end gap-1.5">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing({ promo })}
                      aria-label={t('admin.promoCodes.editLabel', { code: promo.code })}
                    >
                      <Pencil className="size-4" aria-hidden />
                      {t('admin.promoCodes.edit')}
                    </Button>
                    {promo.active ? (
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-red-600 dark:text-red-400"
                        onClick={() => setDeactivating(promo)}
                        aria-label={t('admin.promoCodes.deactivateLabel', { code: promo.code })}
                      >
                        {t('admin.promoCodes.deactivate')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onActivate(promo)}
                        disabled={update.isPending}
                        aria-label={t('admin.promoCodes.activateLabel', { code: promo.code })}
                      >
                        {t('admin.promoCodes.activate')}
                      </Button>
                    )}
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination page={filters.page} pages={pages} onPageChange={setPage} label={t('admin.promoCodes.pagination')} />
      {editing && <PromoCodeFormDialog promo={editing.promo} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('admin.promoCodes.deactivateTitle', { code: deactivating?.code ?? '' })}
        description={t('admin.promoCodes.deactivateText')}
        confirmLabel={t('admin.promoCodes.deactivate')}
        busy={deactivate.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={onDeactivate}
      />
    </div>
  );
}
