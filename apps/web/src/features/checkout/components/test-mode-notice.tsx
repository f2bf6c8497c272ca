import type { PaymentConfig } from '@app/shared';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCardNumber } from '../lib/card-form';

/** The built-in test processor takes no real money: say so loudly and list the cards that drive it. */
export function TestModeNotice({ cards }: { cards: NonNullable<PaymentConfig['test_cards']> }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('checkout.testMode.success'), number: cards.success },
    { label: t('checkout.testMode.declined'), number: cards.declined },
    { label: t('checkout.testMode.insufficientFunds'), number: cards.insufficientFunds },
  ];
  return (
    <section
      aria-labelledby="test-mode-title"
      className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-5 text-amber-900 dark:border-amber-600 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="test-mode-title" className="flex items-center gap-2 text-sm font-bold tracking-wide uppercase">
        <FlaskConical className="size-4" aria-hidden />
        {t('checkout.testMode.title')}
      </h2>
      <p className="mt-1 text-sm">{t('checkout.testMode.text')}</p>
      <dl className="mt-3 grid gap-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.number} className="flex flex-wrap items-center justify-between gap-x-4">
            <dt>{row.label}</dt>
            <dd className="font-mono font-semibold tabular-nums">{formatCardNumber(row.number)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs">{t('checkout.testMode.anyExpiry')}</p>
    </section>
  );
}
