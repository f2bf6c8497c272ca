import { CART_MAX_QUANTITY } from '@app/shared';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface QuantityStepperProps {
  title: string;
  quantity: number;
  /** Called with the new quantity; 0 means remove. */
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

export function QuantityStepper({ title, quantity, onChange, disabled = false }: QuantityStepperProps) {
  const { t } = useTranslation();
  const step = cn(buttonClasses('ghost', 'icon'), 'size-8 rounded-md');
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 dark:border-slate-700">
      <button
        type="button"
        className={step}
        aria-label={t('cart.decrease', { title })}
        disabled={disabled}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus className="size-3.5" aria-hidden />
      </button>
      <output
        aria-label={t('cart.quantityOf', { title })}
        aria-live="polite"
        className="min-w-8 text-center text-sm font-semibold tabular-nums text-slate-900 dark:text-white"
      >
        {quantity}
      </output>
      <button
        type="button"
        className={step}
        aria-label={t('cart.increase', { title })}
        disabled={disabled || quantity >= CART_MAX_QUANTITY}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
