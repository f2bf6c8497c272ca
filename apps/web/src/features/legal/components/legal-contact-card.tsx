import type { PublicSettings } from '@app/shared';
import { Mail, MapPin, MessageSquare, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_NAMESPACE } from '../i18n';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/** The contact details an admin set in the site settings, and the contact form. */
export function LegalContactCard({ settings }: { settings: PublicSettings | undefined }) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  return (
    <div className="mt-6 rounded-2xl border border-slate-200 p-5 text-sm dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('page.contactCard')}</h3>
      <ul className="mt-3 space-y-2">
        <li className="flex items-start gap-2">
          <MessageSquare className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          <Link to="/contact" className={linkClass}>
            {t('page.contactForm')}
          </Link>
        </li>
        {settings?.contact_email && (
          <li className="flex items-start gap-2">
            <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span>
              {t('page.email')}:{' '}
              <a href={`mailto:${settings.contact_email}`} className={`${linkClass} break-all`}>
                {settings.contact_email}
              </a>
            </span>
          </li>
        )}
        {settings?.contact_phone && (
          <li className="flex items-start gap-2">
            <Phone className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span>
              {t('page.phone')}:{' '}
              <a href={`tel:${settings.contact_phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                {settings.contact_phone}
              </a>
            </span>
          </li>
        )}
        {settings?.contact_address && (
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span>
              {t('page.address')}: {settings.contact_address}
            </span>
          </li>
        )}
      </ul>
    </div>
  );
}
