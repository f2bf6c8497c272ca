import { hasRole } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { PreferencesSection } from '@/features/preferences/components/preferences-section';
import { ProductUpdatePreferences } from '@/features/product-updates/components/product-update-preferences';
import { SaleAlertSettingsCard } from '@/features/sale-alerts/components/sale-alert-settings-card';
import { useRequiredUser } from '@/lib/auth-store';
import { useMe } from '../api/get-me';
import { AvatarUpload } from '../components/avatar-upload';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ProfileForm } from '../components/profile-form';
import { TwoFactorCard } from '../components/two-factor-card';

export function ProfilePage() {
  const { t } = useTranslation();
  // Edit a fresh copy: the session's user may be minutes old. If the read fails, the session's copy will do.
  const me = useMe();
  const user = useRequiredUser();
  if (me.isPending) return <LoadingScreen message={t('profile.loading')} />;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('profile.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('profile.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('profile.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.details.title')}</CardTitle>
          <CardDescription>{t('profile.details.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <AvatarUpload user={user} />
          <ProfileForm user={user} />
        </CardContent>
      </Card>
      <PreferencesSection />
      <ProductUpdatePreferences />
      {hasRole(user.role, ['seller', 'admin']) && <SaleAlertSettingsCard />}
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.password.title')}</CardTitle>
          <CardDescription>
            {user.auth_provider === 'google' ? t('profile.password.googleAccount') : t('profile.password.description')}
          </CardDescription>
        </CardHeader>
        {user.auth_provider !== 'google' && (
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        )}
      </Card>
      {hasRole(user.role, ['admin']) && <TwoFactorCard user={user} />}
      <Card className="border-red-200 dark:border-red-900/60">
        <CardHeader>
          <CardTitle className="text-red-700 dark:text-red-400">{t('profile.delete.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <DeleteAccountSection />
        </CardContent>
      </Card>
    </div>
  );
}
