import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { ContentPage } from '@/features/content/components/content-page';
import { usePublicSettings } from '@/lib/settings/public-settings';
import { ContactForm } from '../components/contact-form';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/** /contact: the form that reaches the admins, and the contact details from the site settings. */
export function ContactPage() {
  const { t } = useTranslation();
  const settings = usePublicSettings().data;
  return (
    <ContentPage title={t('contact.title')} lead={t('contact.lead')}>
      <div className="grid gap-8 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <aside className="space-y-4 text-sm lg:col-span-2" aria-labelledby="contact-other-ways">
          <h2 id="contact-other-ways" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('contact.otherWays')}
          </h2>
          <ul className="space-y-3">
            {settings?.contact_email && (
              <li className="flex items-start gap-2">
                <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <a href={`mailto:${settings.contact_email}`} className={`${linkClass} break-all`}>
                  {settings.contact_email}
                </a>
              </li>
            )}
            {settings?.contact_phone && (
              <li className="flex items-start gap-2">
                <Phone className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <a href={`tel:${settings.contact_phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                  {settings.contact_phone}
                </a>
              </li>
            )}
            {settings?.contact_address && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                <span>{settings.contact_address}</span>
              </li>
            )}
          </ul>
          <p>{t('contact.hours')}</p>
        </aside>
      </div>
    </ContentPage>
  );
}
