import { type ContactRequest, contactRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSendContactMessage } from '../api/send-contact-message';

const FIELDS: readonly Path<ContactRequest>[] = ['name', 'email', 'subject', 'message'];

/** The contact form: the shared schema's messages in the form, the server's 422s on their fields, its 429 in a banner. */
export function ContactForm() {
  const { t } = useTranslation();
  const auth = useAuth();
  const send = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const signedIn = auth.status === 'authenticated' ? auth.user : null;
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactRequest, unknown, z.output<typeof contactRequestSchema>>({
    resolver: zodResolver(contactRequestSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      name: signedIn ? `${signedIn.first_name} ${signedIn.last_name}`.trim() : '',
      email: signedIn?.email ?? '',
      subject: '',
      message: '',
    },
  });
  const field = (name: Path<ContactRequest>) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setSent(false);
      },
    });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    send.mutate(values, {
      onSuccess: () => {
        setSent(true);
        reset({ ...values, subject: '', message: '' });
        notify.success(t('contact.sentTitle'), t('contact.sentMessage'));
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        const message = errorMessage(error, t('common.operationFailed'));
        setFailure(message);
        notify.error(t('contact.failedTitle'), translateMessage(message));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('contact.formLabel')}>
      {failure && (
        <Alert tone="error" title={t('contact.failedTitle')}>
          {translateMessage(failure)}
        </Alert>
      )}
      {sent && (
        <Alert tone="success" title={t('contact.sentTitle')}>
          {t('contact.sentMessage')}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('contact.name')} autoComplete="name" error={errors.name?.message} {...field('name')} />
        <TextField
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...field('email')}
        />
      </div>
      <TextField label={t('contact.subject')} error={errors.subject?.message} {...field('subject')} />
      <Field label={t('contact.message')} error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={6} {...field('message')} />}
      </Field>
      <Button type="submit" loading={send.isPending}>
        {t('contact.submit')}
      </Button>
    </form>
  );
}
