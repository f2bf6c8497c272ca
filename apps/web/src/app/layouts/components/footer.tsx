import { SOCIAL_NETWORKS } from '@app/shared';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { usePublicSettings } from '@/lib/settings/public-settings';
import { SocialIcon } from './social-icons';

const SOCIAL_LABELS = { x: 'X', linkedin: 'LinkedIn', github: 'GitHub', youtube: 'YouTube' } as const;

const linkClass = 'text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-400';

/** Spec §2 Footer; the contact details and social links are the ones an admin set in the site settings. */
export function Footer() {
  const { t } = useTranslation();
  const settings = usePublicSettings().data;
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = settings?.[`social_${network}`];
    return href ? [{ network, href, label: SOCIAL_LABELS[network] }] : [];
  });
  const hasContact = Boolean(settings?.contact_address || settings?.contact_email || settings?.contact_phone);
  const columns = [
    {
      title: t('footer.product.title'),
      links: [
        { to: '/products', label: t('footer.product.browse') },
        { to: '/products?search=chatbot', label: t('footer.product.chatbots') },
        { to: '/products?search=dataset', label: t('footer.product.datasets') },
        { to: '/community', label: t('footer.product.community') },
      ],
    },
    {
      title: t('footer.company.title'),
      links: [
        { to: '/about', label: t('footer.company.about') },
        { to: '/contact', label: t('footer.company.contact') },
        { to: '/ai-pool', label: t('aiPool.public.footerLink') },
        { to: '/community', label: t('footer.company.blog') },
      ],
    },
    {
      title: t('footer.support.title'),
      links: [
        { to: '/contact', label: t('footer.support.help') },
        { to: '/orders', label: t('footer.support.orders') },
        { to: '/payments', label: t('paymentReports.history.footerLink') },
        { to: '/forgot-password', label: t('footer.support.account') },
      ],
    },
    {
      title: t('footer.sellers.title'),
      links: [
        { to: '/seller', label: t('footer.sellers.start') },
        { to: '/seller', label: t('footer.sellers.dashboard') },
        { to: '/affiliate', label: t('footer.sellers.affiliate') },
      ],
    },
  ];

  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-10 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <div>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('newsletter.title')}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('newsletter.subtitle')}</p>
          </div>
          <NewsletterForm />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-6 lg:px-8">
        <div className="space-y-4 lg:col-span-2">
          <Logo />
          <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{t('footer.tagline')}</p>
          {hasContact && (
            <address className="space-y-2 text-sm text-slate-600 not-italic dark:text-slate-400">
              {settings?.contact_address && (
                <p className="flex items-center gap-2">
                  <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
                  {settings.contact_address}
                </p>
              )}
              {settings?.contact_email && (
                <p className="flex items-center gap-2">
                  <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <a href={`mailto:${settings.contact_email}`} className={`${linkClass} break-all`}>
                    {settings.contact_email}
                  </a>
                </p>
              )}
              {settings?.contact_phone && (
                <p className="flex items-center gap-2">
                  <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <a href={`tel:${settings.contact_phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                    {settings.contact_phone}
                  </a>
                </p>
              )}
            </address>
          )}
          {socials.length > 0 && (
            <ul className="flex gap-2" aria-label={t('footer.social')}>
              {socials.map(({ network, href, label }) => (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-9 items-center justify-center rounded-lg border border-slate-200 text-slate-500 hover:border-indigo-300 hover:text-indigo-600 dark:border-slate-800 dark:text-slate-400 dark:hover:text-indigo-400"
                  >
                    <SocialIcon network={network} className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* pb-24: at the very end of the page the chat button (56 px, 16 px from the corner) covers none of these links. */}
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-6 pb-24 text-sm text-slate-500 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8 dark:text-slate-400">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <div className="flex gap-4">
            <Link to="/terms" className={linkClass}>
              {t('footer.terms')}
            </Link>
            <Link to="/privacy" className={linkClass}>
              {t('footer.privacy')}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
