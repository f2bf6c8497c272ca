import { Globe2, HeartHandshake, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../components/content-page';

export function AboutPage() {
  const { t } = useTranslation();
  const values = [
    { icon: Rocket, key: 'mission' },
    { icon: HeartHandshake, key: 'sellers' },
    { icon: Globe2, key: 'pool' },
  ] as const;
  return (
    <ContentPage title={t('about.title')} lead={t('about.lead')}>
      <div className="grid gap-6 md:grid-cols-3">
        {values.map(({ icon: Icon, key }) => (
          <section key={key} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
            <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
            <h2 className="mt-4 font-semibold text-slate-900 dark:text-white">{t(`about.values.${key}.title`)}</h2>
            <p className="mt-2 text-sm">{t(`about.values.${key}.text`)}</p>
          </section>
        ))}
      </div>
      <section>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t('about.whereTitle')}</h2>
        <p className="mt-2">{t('about.whereText')}</p>
      </section>
    </ContentPage>
  );
}
