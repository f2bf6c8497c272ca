import { resetPasswordFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

export interface SetPasswordFormProps {
  submitLabel: string;
  /** The title of the box a refused link shows, above its way to a new e-mail. */
  failedTitle: string;
  requestNewLabel: string;
  /** Sends the new password with the link's token; a rejection is the refusal to show. */
  onSubmit: (password: string) => Promise<unknown>;
  /** Also told of a refusal's (translated) message, e.g. to toast it. */
  onFailure?: (message: string) => void;
}

/**
 * A new password and its confirmation, set with the token of an e-mailed link: the password reset
 * and the guest's account claim (decision 0046). A used or expired link offers a new one.
 */
export function SetPasswordForm({ submitLabel, failedTitle, requestNewLabel, onSubmit, onFailure }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { new_password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ new_password }) => {
    setFailure(null);
    try {
      await onSubmit(new_password);
    } catch (error) {
      const message = errorMessage(error, t('auth.reset.failedFallback'));
      setFailure(message);
      onFailure?.(translateMessage(message));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && (
        <Alert tone="error" title={failedTitle}>
          <p>{translateMessage(failure)}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
            {requestNewLabel}
          </Link>
        </Alert>
      )}
      <NewPasswordFields
        label={t('auth.fields.newPassword')}
        password={{
          ...register('new_password', { onChange: () => clearErrors('new_password') }),
          error: errors.new_password?.message,
        }}
        confirmation={{
          ...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') }),
          error: errors.confirmPassword?.message,
        }}
      />
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
