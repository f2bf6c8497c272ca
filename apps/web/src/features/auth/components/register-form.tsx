import { type RegisterForm as RegisterFormValues, registerFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { NameFields } from '@/components/name-fields';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useRegister } from '../api/register';

const SERVER_FIELDS: readonly Path<RegisterFormValues>[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'newsletter_subscribed',
];

/** Spec §5 Register: the shared schema's messages; an error clears as soon as its field is edited. */
export function RegisterForm() {
  const { t } = useTranslation();
  const registration = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirmPassword: '',
      terms: false,
      newsletter_subscribed: true,
    },
  });
  const field = (name: Path<RegisterFormValues>) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(({ first_name, last_name, email, password, newsletter_subscribed }) => {
    setFailure(null);
    registration.mutate(
      { first_name, last_name, email, password, newsletter_subscribed },
      {
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, SERVER_FIELDS)) return;
          const message = errorMessage(error, t('auth.register.failedFallback'));
          setFailure(message);
          notify.error(t('auth.register.failedTitle'), translateMessage(message));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && (
        <Alert tone="error" title={t('auth.register.errorTitle')}>
          {translateMessage(failure)}
        </Alert>
      )}
      <NameFields
        firstName={{ ...field('first_name'), error: errors.first_name?.message }}
        lastName={{ ...field('last_name'), error: errors.last_name?.message }}
      />
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...field('email')}
      />
      <NewPasswordFields
        label={t('auth.fields.password')}
        hint={t('auth.register.passwordHint')}
        password={{ ...field('password'), error: errors.password?.message }}
        confirmation={{ ...field('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <CheckboxField
        label={
          <Trans
            i18nKey="auth.register.terms"
            components={{
              // A new tab keeps what the visitor already typed into the form.
              terms: (
                <Link
                  to="/terms"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                />
              ),
              privacy: (
                <Link
                  to="/privacy"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                />
              ),
            }}
          />
        }
        error={errors.terms?.message}
        {...field('terms')}
      />
      <CheckboxField label={t('auth.register.newsletter')} {...field('newsletter_subscribed')} />
      <Button type="submit" className="w-full" size="lg" loading={registration.isPending}>
        {t('auth.register.submit')}
      </Button>
    </form>
  );
}
