import { type PublicUser, type TotpEnrolment, totpCodeSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDisableTotp } from '../api/disable-totp';
import { type TotpCode, useEnableTotp } from '../api/enable-totp';
import { useSetupTotp } from '../api/setup-totp';

/** A six-digit code form, used to confirm the set-up and to turn two-factor sign-in off. */
function CodeForm({
  submitLabel,
  tone,
  busy,
  onCode,
}: {
  submitLabel: string;
  tone: 'primary' | 'danger';
  busy: boolean;
  onCode: (code: TotpCode, fail: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TotpCode>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    onCode(values, (error) => {
      if (!applyServerFieldErrors(error, setError, ['code'])) setFailure(errorMessage(error, t('common.operationFailed')));
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={t('profile.twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          fieldClassName="w-48"
          error={errors.code?.message}
          {...register('code', { onChange: () => clearErrors('code') })}
        />
        <Button type="submit" variant={tone} loading={busy} className="mt-6.5">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Admins only: turn authenticator-app codes on (secret and otpauth link as text, no QR library) or off. */
export function TwoFactorCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [pending, setPending] = useState<TotpEnrolment | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setPending,
      onError: (error) =>
        notify.error(t('profile.twoFactor.failed'), translateMessage(errorMessage(error, t('common.operationFailed')))),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3">
          <ShieldCheck className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {t('profile.twoFactor.title')}
          <Badge tone={user.totp_enabled ? 'success' : 'neutral'}>
            {user.totp_enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('profile.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {user.totp_enabled ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.twoFactor.disableHint')}</p>
            <CodeForm
              submitLabel={t('profile.twoFactor.disable')}
              tone="danger"
              busy={disable.isPending}
              onCode={(code, fail) =>
                disable.mutate(code, { onSuccess: () => notify.success(t('profile.twoFactor.disabled')), onError: fail })
              }
            />
          </>
        ) : pending ? (
          <>
            <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700 dark:text-slate-300">
              <li>
                {t('profile.twoFactor.step1')}
                <dl className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t('profile.twoFactor.secret')}</dt>
                    <dd className="font-mono text-sm tracking-wider break-all text-slate-900 select-all dark:text-white">
                      {pending.secret}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{t('profile.twoFactor.link')}</dt>
                    <dd className="text-sm break-all">
                      <a href={pending.otpauth_url} className="text-indigo-600 hover:underline dark:text-indigo-400">
                        {pending.otpauth_url}
                      </a>
                    </dd>
                  </div>
                </dl>
              </li>
              <li>{t('profile.twoFactor.step2')}</li>
            </ol>
            <CodeForm
              submitLabel={t('profile.twoFactor.confirm')}
              tone="primary"
              busy={enable.isPending}
              onCode={(code, fail) =>
                enable.mutate(code, {
                  onSuccess: () => {
                    setPending(null);
                    notify.success(t('profile.twoFactor.enabled'));
                  },
                  onError: fail,
                })
              }
            />
          </>
        ) : (
          <Button variant="outline" onClick={start} loading={setup.isPending}>
            {t('profile.twoFactor.setUp')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
