import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';

const TOTP_SHAPE = /^\d{6}$/;

type WithCode = FieldValues & { totp_code?: string };

/**
 * The second sign-in step for accounts with an authenticator app: the server answers
 * TOTP_REQUIRED once the password was right, and the form then asks for the 6-digit code.
 */
export function useTotpStep<T extends WithCode>(form: UseFormReturn<T>) {
  const { t } = useTranslation();
  const [needsCode, setNeedsCode] = useState(false);
  const field = 'totp_code' as Path<T>;

  useEffect(() => {
    if (needsCode) form.setFocus(field);
  }, [needsCode, form, field]);

  return {
    needsCode,
    /** False (and marks the field) when the step is shown and the code is not 6 digits. */
    codeLooksValid(code: string | undefined): boolean {
      if (!needsCode || TOTP_SHAPE.test(code ?? '')) return true;
      form.setError(field, { message: t('auth.adminLogin.codeInvalid') }, { shouldFocus: true });
      return false;
    },
    /** True when the error was the second-factor request (handled here); false for any other error. */
    handled(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.code !== 'TOTP_REQUIRED') return false;
      // First time: the password was right, now the code. After that: the code was wrong.
      if (needsCode) form.setError(field, { message: error.message }, { shouldFocus: true });
      else setNeedsCode(true);
      return true;
    },
  };
}

export function TotpCodeField<T extends WithCode>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const field = 'totp_code' as Path<T>;
  return (
    <>
      <Alert tone="info">{t('auth.adminLogin.codeNeeded')}</Alert>
      <TextField
        label={t('auth.adminLogin.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={t('auth.adminLogin.codeHint')}
        error={form.formState.errors.totp_code?.message as string | undefined}
        {...form.register(field, { onChange: () => form.clearErrors(field) })}
      />
    </>
  );
}
