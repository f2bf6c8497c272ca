import { ISO_COUNTRY_CODES, TAX_COUNTRY_REQUIRED, US_STATE_CODES } from '@app/shared';
import { Receipt } from 'lucide-react';
import { type ComponentProps, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { translateMessage } from '@/lib/i18n';
import type { BillingChoice } from '../api/get-tax-quote';

/** Country names in the reader's language (the browser knows them), sorted as that language sorts. */
export function useCountryNames(): { code: string; name: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    return ISO_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
}

/** The country the browser's language names (en-GB → GB), else the United States, for the form's first value. */
export function defaultBillingChoice(languages: readonly string[] = globalThis.navigator?.languages ?? []): BillingChoice {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && ISO_COUNTRY_CODES.includes(region)) return { country: region, region: '' };
  }
  return { country: 'US', region: '' };
}

/**
 * The checkout's billing form: country, and the state for the United States. Prices are net; the
 * server picks the tax rate from where the buyer is billed (docs/decisions/0044). With `noneOption`
 * the list starts with an empty "Choose your billing country" (country ''): the page then holds the
 * payment back until one is chosen, as the server refuses a paid order without it.
 */
export function BillingCountryFields({
  value,
  onChange,
  disabled,
  noneOption,
}: {
  value: BillingChoice;
  onChange: (next: BillingChoice) => void;
  disabled?: boolean;
  noneOption?: boolean;
}) {
  const { t } = useTranslation();
  const countries = useCountryNames();
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="sr-only">{t('checkout.billing.title')}</legend>
      <Field label={t('checkout.billing.country')} hint={t('checkout.billing.hint')}>
        {(control) => (
          <select
            {...control}
            className={inputClasses}
            autoComplete="billing country"
            value={value.country}
            onChange={(event) => onChange({ country: event.target.value, region: '' })}
          >
            {(noneOption || value.country === '') && <option value="">{translateMessage(TAX_COUNTRY_REQUIRED)}</option>}
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {value.country === 'US' && (
        <Field label={t('checkout.billing.state')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              autoComplete="billing address-level1"
              value={value.region}
              onChange={(event) => onChange({ country: 'US', region: event.target.value })}
            >
              <option value="">{t('checkout.billing.noState')}</option>
              {US_STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </fieldset>
  );
}

/** The billing form in its card, as both checkout pages show it. */
export function BillingCountryCard({
  className,
  ...fields
}: ComponentProps<typeof BillingCountryFields> & { className?: string }) {
  const { t } = useTranslation();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-slate-400" aria-hidden />
          {t('checkout.billing.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <BillingCountryFields {...fields} />
      </CardContent>
    </Card>
  );
}
