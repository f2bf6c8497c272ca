import { SELLER_BIO_MAX, SELLER_LINKS_MAX, type SellerLink, sellerProfileUpdateSchema } from '@app/shared';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sellerPath } from '@/components/product-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/auth-store';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useOwnSellerPage, useUpdateSellerProfile } from '../api/update-seller-profile';

/** The seller's public page: the bio and links visitors see at /sellers/{id}. */
export function SellerProfileCard() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const page = useOwnSellerPage(user.id);
  return (
    <section
      aria-labelledby="seller-profile-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="seller-profile-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sellerProfile.title')}
        </h2>
        <Link
          to={sellerPath(user.id, `${user.first_name} ${user.last_name}`)}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {t('sellerProfile.view')}
          <ExternalLink className="size-3.5" aria-hidden />
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('sellerProfile.description')}</p>
      {page.isPending ? null : (
        <SellerProfileForm
          key={page.dataUpdatedAt}
          bio={page.data?.bio ?? ''}
          links={page.data?.links ?? []}
          sellerId={user.id}
        />
      )}
    </section>
  );
}

function SellerProfileForm({
  bio: savedBio,
  links: savedLinks,
  sellerId,
}: {
  bio: string;
  links: SellerLink[];
  sellerId: string;
}) {
  const { t } = useTranslation();
  const [bio, setBio] = useState(savedBio);
  const [links, setLinks] = useState<SellerLink[]>(savedLinks);
  const [error, setError] = useState<string>();
  const update = useUpdateSellerProfile(sellerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sellerProfileUpdateSchema.safeParse({ bio, links });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => notify.success(t('sellerProfile.saved')),
      onError: (failure) => setError(errorMessage(failure, t('common.operationFailed'))),
    });
  };
  const changeLink = (index: number, change: Partial<SellerLink>) =>
    setLinks((current) => current.map((link, at) => (at === index ? { ...link, ...change } : link)));

  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <Field label={t('sellerProfile.bio')} hint={t('sellerProfile.bioHint', { max: SELLER_BIO_MAX })}>
        {(control) => <Textarea {...control} value={bio} maxLength={SELLER_BIO_MAX} onChange={(e) => setBio(e.target.value)} />}
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('sellerProfile.links')}</legend>
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
          <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
            <Field label={t('sellerProfile.linkLabel', { number: index + 1 })}>
              {(control) => (
                <Input {...control} value={link.label} onChange={(e) => changeLink(index, { label: e.target.value })} />
              )}
            </Field>
            <Field label={t('sellerProfile.linkUrl', { number: index + 1 })}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={link.url}
                  onChange={(e) => changeLink(index, { url: e.target.value })}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('sellerProfile.removeLink', { number: index + 1 })}
              onClick={() => setLinks((current) => current.filter((_, at) => at !== index))}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        ))}
        {links.length < SELLER_LINKS_MAX && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setLinks((current) => [...current, { label: '', url: '' }])}
          >
            <Plus className="size-4" aria-hidden />
            {t('sellerProfile.addLink')}
          </Button>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {translateMessage(error)}
        </p>
      )}
      <Button type="submit" loading={update.isPending}>
        {t('sellerProfile.save')}
      </Button>
    </form>
  );
}
