import { Check, Copy, Link2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/input';
import { notify } from '@/lib/notify';

/** The member's link on this site's own address, so it works wherever the storefront is served. */
export function referralLinkFor(code: string): string {
  return `${window.location.origin}/r/${code}`;
}

/** The referral link with a copy button; "Copied" only after the clipboard took it. */
export function ReferralLinkCard({ code, percent, days }: { code: string; percent: number; days: number }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const link = referralLinkFor(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify.success(t('affiliate.link.copied'));
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard access (permissions, insecure context): select it so the member can copy it by hand.
      input.current?.select();
      notify.error(t('affiliate.link.copyFailed'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5" aria-hidden />
          {t('affiliate.link.title')}
        </CardTitle>
        <CardDescription>{t('affiliate.link.description', { percent, days })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="referral-link" className="sr-only">
            {t('affiliate.link.label')}
          </label>
          <input
            id="referral-link"
            ref={input}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClasses} font-mono`}
          />
          <Button type="button" onClick={copy} className="shrink-0">
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? t('affiliate.link.copiedShort') : t('affiliate.link.copy')}
          </Button>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('affiliate.link.anyPage', { example: `${link}?to=/products` })}
        </p>
      </CardContent>
    </Card>
  );
}
