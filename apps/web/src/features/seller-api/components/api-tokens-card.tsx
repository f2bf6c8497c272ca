import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope, apiTokenCreateSchema } from '@app/shared';
import { KeySquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { ShownOnce } from './copy-secret';

const SCOPE_LABELS = {
  'products:read': 'sellerApi.scope.productsRead',
  'sales:read': 'sellerApi.scope.salesRead',
  'licenses:read': 'sellerApi.scope.licensesRead',
} as const satisfies Record<ApiTokenScope, string>;

/** The seller area's API tokens: make one (shown once), see the ones in force, revoke one. */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['products:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiTokenCreateSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const about = (field: string) => issues.find((issue) => issue.path[0] === field)?.message;
      const nameError = about('name');
      const scopesError = about('scopes');
      setErrors({
        name: nameError ? translateMessage(nameError) : undefined,
        scopes: scopesError ? translateMessage(scopesError) : undefined,
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCreated(answer.token);
        setName('');
      },
      onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify.success(t('sellerApi.tokens.revoked'));
        setRevoking(null);
      },
      onError: (failure) => {
        notify.error(translateMessage(errorMessage(failure, t('common.operationFailed'))));
        setRevoking(null);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeySquare className="size-5" aria-hidden />
          {t('sellerApi.tokens.title')}
        </CardTitle>
        <CardDescription>{t('sellerApi.tokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created && (
          <ShownOnce
            title={t('sellerApi.tokens.createdTitle')}
            label={t('sellerApi.tokens.tokenLabel')}
            value={created}
            onDone={() => setCreated(null)}
          />
        )}
        <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('sellerApi.tokens.createForm')}>
          <TextField
            label={t('sellerApi.tokens.name')}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('sellerApi.tokens.scopes')}</legend>
            <div className="mt-2 space-y-2">
              {API_TOKEN_SCOPES.map((scope) => (
                <CheckboxField
                  key={scope}
                  label={t(SCOPE_LABELS[scope])}
                  checked={scopes.includes(scope)}
                  onChange={(event) =>
                    setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))
                  }
                />
              ))}
            </div>
            {errors.scopes && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.scopes}</p>}
          </fieldset>
          <Button type="submit" loading={create.isPending}>
            {t('sellerApi.tokens.create')}
          </Button>
        </form>
        {tokens.isError ? (
          <Alert tone="error" title={t('sellerApi.tokens.loadFailed')}>
            {translateMessage(errorMessage(tokens.error, t('common.operationFailed')))}
          </Alert>
        ) : !tokens.data ? (
          <Spinner label={t('sellerApi.tokens.loading')} />
        ) : tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerApi.tokens.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('sellerApi.tokens.title')}</caption>
              <thead className="text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('sellerApi.tokens.name')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('sellerApi.tokens.prefix')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('sellerApi.tokens.scopes')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('sellerApi.tokens.created')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('sellerApi.tokens.lastUsed')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('sellerApi.tokens.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.data.tokens.map((token) => (
                  <tr key={token.id} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-2 pr-4 text-slate-900 dark:text-white">{token.name}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{token.prefix}…</td>
                    <td className="py-2 pr-4">
                      <div className="flex flex-wrap gap-1">
                        {token.scopes.map((scope) => (
                          <Badge key={scope}>{scope}</Badge>
                        ))}
                      </div>
                    </td>
                    <td className="py-2 pr-4">{formatDate(token.created_at)}</td>
                    <td className="py-2 pr-4">
                      {token.last_used_at ? formatDate(token.last_used_at) : t('sellerApi.tokens.never')}
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRevoking(token)}
                        aria-label={t('sellerApi.tokens.revokeNamed', { name: token.name })}
                      >
                        {t('sellerApi.tokens.revoke')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerApi.tokens.usage')}</p>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        title={t('sellerApi.tokens.revokeTitle')}
        description={t('sellerApi.tokens.revokeDescription', { name: revoking?.name ?? '' })}
        confirmLabel={t('sellerApi.tokens.revoke')}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
        busy={revoke.isPending}
      />
    </Card>
  );
}
