import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { looksLikeEmail } from '../lib/email-shape';

/** Footer sign-up (spec §5 Newsletter): client validation now, server subscription later. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return notify.error(t('newsletter.requiredTitle'), t('newsletter.requiredMessage'));
    if (!looksLikeEmail(value)) return notify.error(t('newsletter.invalidTitle'), t('newsletter.invalidMessage'));
    // TODO(newsletter issue): POST the address to the newsletter subscription endpoint once the API has it
    // (stored server-side with an unsubscribe link, DESIGN.md); until then validation is all that happens.
    setEmail('');
    notify.success(t('newsletter.successTitle'), t('newsletter.successMessage'));
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
      <Button type="submit" size="lg" className="h-11 shrink-0">
        {t('newsletter.submit')}
      </Button>
    </form>
  );
}
