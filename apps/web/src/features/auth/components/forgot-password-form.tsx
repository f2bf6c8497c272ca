import { forgotPasswordRequestSchema, RESET_LINK_TTL_HOURS } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { AuthPageHeader } from './auth-page-header';

/** Spec §2/§4 Forgot password: the form, then a 'Check your email' screen with a resend button. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const request = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    request.mutate(
      { email },
      {
        onSuccess: () => {
          setSentTo(email);
          notify.success(t('auth.forgot.sentTitle'), t('auth.forgot.sentMessage'));
        },
        onError: (error) =>
          notify.error(t('auth.forgot.failedTitle'), translateMessage(errorMessage(error, t('auth.forgot.failedFallback')))),
      },
    );
  });

  const resend = () => {
    if (!sentTo) return;
    request.mutate(
      { email: sentTo },
      {
        onSuccess: () => notify.success(t('auth.forgot.sentTitle'), t('auth.forgot.sentMessage')),
        onError: (error) =>
          notify.error(
            t('auth.forgot.resendFailedTitle'),
            translateMessage(errorMessage(error, t('auth.forgot.resendFailedFallback'))),
          ),
      },
    );
  };

  if (sentTo) {
    return (
      <div className="space-y-5 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-950/50 dark:text-emerald-400">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t('auth.forgot.checkEmailTitle')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('auth.forgot.checkEmailMessage', { email: sentTo })}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('auth.forgot.expiryHelp', { hours: RESET_LINK_TTL_HOURS })}
          </p>
        </div>
        <Button variant="outline" className="w-full" onClick={resend} loading={request.isPending}>
          {t('auth.forgot.resend')}
        </Button>
        <Link to="/login" className={buttonClasses('link', 'md')}>
          {t('auth.forgot.backToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <AuthPageHeader title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email', { onChange: () => clearErrors('email') })}
        />
        <Button type="submit" className="w-full" size="lg" loading={request.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.forgot.remembered')}{' '}
        <Link to="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </>
  );
}
