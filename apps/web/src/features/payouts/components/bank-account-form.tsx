import { type PayoutAccountInput, payoutAccountSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';

const FIELDS = ['account_holder_name', 'bank_name', 'account_type', 'iban', 'routing_number', 'account_number'] as const;

export interface BankAccountFormProps {
  submitLabel: string;
  busy: boolean;
  /** Resolves when saved; a rejected 422 puts its messages on the fields and returns true. */
  onSubmit: (values: PayoutAccountInput) => Promise<unknown>;
  onServerError: (error: unknown) => void;
  /** Extra controls (e.g. "primary account") placed before the button. */
  children?: ReactNode;
}

/** IBAN or US routing + account number, checked in the browser with the same checksums the server applies. */
export function BankAccountForm({ submitLabel, busy, onSubmit, onServerError, children }: BankAccountFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    reset,
    formState: { errors },
  } = useForm<PayoutAccountInput>({
    resolver: zodResolver(payoutAccountSchema),
    defaultValues: {
      account_holder_name: '',
      bank_name: '',
      account_type: 'iban',
      iban: '',
      routing_number: '',
      account_number: '',
    },
  });
  const type = watch('account_type');

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) onServerError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('payouts.account.holder')}
        autoComplete="name"
        error={errors.account_holder_name?.message}
        {...register('account_holder_name')}
      />
      <TextField label={t('payouts.account.bank')} error={errors.bank_name?.message} {...register('bank_name')} />
      <Field label={t('payouts.account.type')} error={errors.account_type?.message}>
        {(control) => (
          <select {...control} className={inputClasses} {...register('account_type')}>
            <option value="iban">{t('payouts.account.types.iban')}</option>
            <option value="us">{t('payouts.account.types.us')}</option>
          </select>
        )}
      </Field>
      {type === 'iban' ? (
        <TextField
          label={t('payouts.account.iban')}
          autoComplete="off"
          spellCheck={false}
          error={errors.iban?.message}
          {...register('iban')}
        />
      ) : (
        <>
          <TextField
            label={t('payouts.account.routing')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.routing_number?.message}
            {...register('routing_number')}
          />
          <TextField
            label={t('payouts.account.number')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.account_number?.message}
            {...register('account_number')}
          />
        </>
      )}
      {children}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
