import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';

export interface PayWhatYouWantFieldProps {
  /** The seller's minimum in dollars (may be 0). */
  minimum: number;
  suggested: number | null;
  /** The amount shown first: the one chosen earlier, else the suggested price. */
  value: number;
  /** Called with a valid amount (whole cents, at least the minimum) when the buyer commits it; null while what is typed is not one. */
  onChange: (amount: number | null) => void;
  /** Set: the field commits on blur and Enter (the cart line); unset: on every valid keystroke (the product page). */
  commitOnBlur?: boolean;
  /** A server message about this amount (English, translated by Field). */
  error?: string;
  className?: string;
}

/**
 * The buyer's own price for a pay-what-you-want product, prefilled with the suggested price. The
 * browser checks what it can (a number, whole cents, the minimum) so the buyer hears at once; the
 * server checks it again against the product as stored.
 */
export function PayWhatYouWantField({
  minimum,
  suggested,
  value,
  onChange,
  commitOnBlur = false,
  error,
  className,
}: PayWhatYouWantFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.toFixed(2));
  const [problem, setProblem] = useState<string | undefined>();

  const check = (raw: string): number | undefined => {
    const amount = Number(raw.trim());
    if (raw.trim() === '' || !Number.isFinite(amount)) return void setProblem(t('pwyw.errors.number'));
    if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return void setProblem(t('pwyw.errors.cents'));
    if (amount < minimum) return void setProblem(t('pwyw.errors.belowMinimum', { minimum: formatMoney(minimum) }));
    setProblem(undefined);
    return Math.round(amount * 100) / 100;
  };

  const commit = () => {
    const amount = check(text);
    if (amount !== undefined && amount !== value) onChange(amount);
  };

  return (
    <Field
      className={className}
      label={t('pwyw.label')}
      error={problem ?? error}
      hint={
        suggested === null
          ? t('pwyw.hintMinimum', { minimum: formatMoney(minimum) })
          : t('pwyw.hint', { minimum: formatMoney(minimum), suggested: formatMoney(suggested) })
      }
    >
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="decimal"
          min={minimum}
          step="0.01"
          value={text}
          className="w-36 tabular-nums"
          onChange={(event) => {
            setText(event.target.value);
            if (!commitOnBlur) {
              onChange(check(event.target.value) ?? null);
            }
          }}
          onBlur={commitOnBlur ? commit : undefined}
          onKeyDown={(event) => {
            if (commitOnBlur && event.key === 'Enter') {
              (event as unknown as FormEvent).preventDefault();
              commit();
            }
          }}
        />
      )}
    </Field>
  );
}
