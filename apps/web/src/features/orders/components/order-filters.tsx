import { ORDER_STATUSES, type OrderStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { OrderUrlFilters } from '../lib/order-filters';

/** The options of an order-status select: "all" (the empty value) and each status by its name. */
export function OrderStatusOptions({ allLabel }: { allLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{allLabel}</option>
      {ORDER_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`orders.status.${status}`)}
        </option>
      ))}
    </>
  );
}

export interface OrderFiltersProps {
  filters: OrderUrlFilters;
  /** Any change goes back to page 1. */
  onChange: (filters: OrderUrlFilters) => void;
}

export function OrderFilters({ filters, onChange }: OrderFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<OrderUrlFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const active = Boolean(filters.status || filters.from || filters.to);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field label={t('orders.filters.status')} className="w-48">
        {(control) => (
          <select
            {...control}
            className={cn(inputClasses, 'h-10')}
            value={filters.status ?? ''}
            onChange={(event) => set({ status: (event.target.value || undefined) as OrderStatus | undefined })}
          >
            <OrderStatusOptions allLabel={t('orders.filters.allStatuses')} />
          </select>
        )}
      </Field>
      <Field label={t('orders.filters.from')} className="w-44">
        {(control) => (
          <Input
            {...control}
            type="date"
            className="h-10"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        )}
      </Field>
      <Field label={t('orders.filters.to')} className="w-44">
        {(control) => (
          <Input
            {...control}
            type="date"
            className="h-10"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        )}
      </Field>
      {active && (
        <Button variant="ghost" onClick={() => onChange({ page: 1 })}>
          {t('orders.filters.clear')}
        </Button>
      )}
    </div>
  );
}
