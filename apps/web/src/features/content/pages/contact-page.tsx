import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { ContentPage } from '../components/content-page';

export function ContactPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // TODO(contact issue): send the message to support once the API has an endpoint for it.
    notify.success(t('contact.sentTitle'), t('contact.sentMessage'));
    setForm({ name: '', email: '', message: '' });
  };

  return (
    <ContentPage title={t('contact.title')} lead={t('contact.lead')}>
      <div className="grid gap-8 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardContent>
            <form onSubmit={onSubmit} className="space-y-4">
              <TextField label={t('contact.name')} autoComplete="name" required value={form.name} onChange={set('name')} />
              <TextField
                label={t('contact.email')}
                type="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={set('email')}
              />
              <Field label={t('contact.message')}>
                {(control) => <Textarea {...control} required value={form.message} onChange={set('message')} />}
              </Field>
              <Button type="submit">{t('contact.submit')}</Button>
            </form>
          </CardContent>
        </Card>
        <aside className="space-y-4 text-sm lg:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('contact.otherWays')}</h2>
          <p>{t('footer.address')}</p>
          <p>{t('contact.hours')}</p>
        </aside>
      </div>
    </ContentPage>
  );
}
