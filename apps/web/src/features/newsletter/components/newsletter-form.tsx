import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSubscribe } from '../api/subscribe';
import { looksLikeEmail } from '../lib/email-shape';

/**
 * Footer sign-up (spec §5 Newsletter). The server stores the address and mails a confirmation
 * link (double opt-in); the form only says what the server answered.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const subscribe = useSubscribe();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return notify.error(t('newsletter.requiredTitle'), t('newsletter.requiredMessage'));
    if (!looksLikeEmail(value)) return notify.error(t('newsletter.invalidTitle'), t('newsletter.invalidMessage'));
    subscribe.mutate(value, {
      onSuccess: () => {
        setEmail('');
        notify.success(t('newsletter.successTitle'), t('newsletter.successMessage'));
      },
      onError: (error) =>
        notify.error(t('newsletter.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed')))),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full max-w-md flex-col gap-2 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        {t('newsletter.label')}
      </label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={t('newsletter.placeholder')}
        className="h-11"
      />
      <Button type="submit" size="lg" className="h-11 shrink-0" disabled={subscribe.isPending}>
        {t('newsletter.submit')}
      </Button>
    </form>
  );
}
