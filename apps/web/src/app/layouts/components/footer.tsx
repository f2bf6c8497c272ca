import { BadgeCheck, Lock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { SocialIcon, type SocialNetwork } from './social-icons';

const SUPPORT_EMAIL = 'support@aimarketplace.example';
const SUPPORT_PHONE = '+92 42 1234 5678';

const socials: { network: SocialNetwork; href: string; label: string }[] = [
  { network: 'x', href: 'https://x.com/', label: 'X' },
  { network: 'linkedin', href: 'https://www.linkedin.com/', label: 'LinkedIn' },
  { network: 'github', href: 'https://github.com/', label: 'GitHub' },
  { network: 'youtube', href: 'https://www.youtube.com/', label: 'YouTube' },
];

const linkClass = 'text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-400';

export function Footer() {
  const { t } = useTranslation();
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
  const badges = [
    { icon: Lock, label: t('footer.badges.ssl') },
    { icon: ShieldCheck, label: t('footer.badges.soc2') },
    { icon: BadgeCheck, label: t('footer.badges.gdpr') },
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
          <address className="space-y-2 text-sm text-slate-600 not-italic dark:text-slate-400">
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
              {t('footer.address')}
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
              <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`} className={linkClass}>
                {SUPPORT_PHONE}
              </a>
            </p>
          </address>
          <ul className="flex gap-2">
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
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-500 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8 dark:text-slate-400">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {badges.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-1.5 text-xs font-medium">
                <Icon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                {label}
              </li>
            ))}
          </ul>
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
