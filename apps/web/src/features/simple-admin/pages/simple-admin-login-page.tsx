import { hasRole, normalizeRole } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { rememberedPath } from '@/lib/redirect';
import { SimpleAdminLoginForm } from '../components/simple-admin-login-form';

/** /simple-admin/login: POST /simple-admin/login, which only lets simple admins in. */
export function SimpleAdminLoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'authenticated' && hasRole(auth.user.role, ['simple_admin'])) {
    return <Navigate to={rememberedPath(location.state) ?? '/simple-admin'} replace />;
  }
  return (
    <Card className="mx-auto max-w-md">
      <DocumentTitle title={t('simpleAdmin.loginTitle')} />
      <CardHeader>
        <CardTitle level={1}>
          <span className="text-2xl">{t('simpleAdmin.loginTitle')}</span>
        </CardTitle>
        <CardDescription>{t('simpleAdmin.loginSubtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {auth.status === 'authenticated' && (
          <Alert tone="info">
            {t('simpleAdmin.wrongAccount', { role: t(`roles.${normalizeRole(auth.user.role) ?? 'buyer'}`) })}
          </Alert>
        )}
        <SimpleAdminLoginForm />
      </CardContent>
    </Card>
  );
}
