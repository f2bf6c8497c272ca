import { becomeSellerSchema } from '@app/shared';
import { BadgeCheck, ChartColumn, Store, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/settings/public-settings';
import { useBecomeSeller } from '../api/become-seller';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/** What a buyer sees on /seller: the seller terms to accept before listing anything. */
export function BecomeSellerCard() {
  const { t } = useTranslation();
  const become = useBecomeSeller();
  // The split the order ledger applies, as the server reports it (the platform fee is configuration).
  const settings = usePublicSettings().data;
  const split = settings && {
    fee: settings.platform_fee_percent,
    pool: settings.ai_pool_percent,
    share: 100 - settings.platform_fee_percent - settings.ai_pool_percent,
  };
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = becomeSellerSchema.safeParse({ accept_terms: accepted });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setFailure(null);
    become.mutate(parsed.data, {
      onSuccess: () => notify.success(t('seller.become.successTitle'), t('seller.become.successMessage')),
      onError: (error) => setFailure(errorMessage(error, t('common.operationFailed'))),
    });
  };

  const perks = [
    { icon: Upload, text: t('seller.become.perks.list') },
    { icon: BadgeCheck, text: t('seller.become.perks.review') },
    { icon: ChartColumn, text: t('seller.become.perks.stats') },
  ];

  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="space-y-6 p-8">
        <div className="text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400">
            <Store className="size-7" aria-hidden />
          </span>
          <h1 className="mt-5 text-2xl font-bold text-slate-900 dark:text-white">{t('seller.become.title')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t('seller.become.subtitle')}</p>
        </div>
        <ul className="space-y-3">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-300">
              <Icon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
          <CheckboxField
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              setProblem(null);
            }}
            error={problem ?? undefined}
            label={
              <Trans
                i18nKey={split ? 'seller.become.terms' : 'seller.become.termsNoSplit'}
                values={split}
                components={{ terms: <Link to="/terms#marketplace-rules" className={linkClass} /> }}
              />
            }
          />
          <Button type="submit" className="w-full" size="lg" loading={become.isPending}>
            {t('seller.become.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
