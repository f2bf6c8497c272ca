import { hasRole, normalizeRole, type PublicUser } from '@app/shared';
import { ShieldAlert, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-store';
import { pathOf } from '@/lib/redirect';

export interface ProtectedRouteProps {
  /** Any of these roles may pass (case ignored, `user` counts as buyer). */
  roles?: readonly string[];
  /** A named permission the user must hold. */
  permission?: string;
  /** Where a signed-out visitor is sent; the path they wanted travels as state `from`. */
  loginPath?: string;
  /** Defaults to the nested routes. */
  children?: ReactNode;
  /** Outside every layout (the admin area's guard): its Access Denied screen is the page's main landmark. */
  standalone?: boolean;
}

/** The user's role, from `role` or else the `roles` list (spec §6). */
export function userHasRole(user: PublicUser, roles: readonly string[]): boolean {
  return hasRole(user.role, roles) || user.roles.some((role) => hasRole(role, roles));
}

export function userHasPermission(user: PublicUser, permission: string): boolean {
  const wanted = permission.toLowerCase();
  return user.permissions.some((held) => held.toLowerCase() === wanted);
}

/** Spec §2: any path containing /admin/simple-admins skips the role check (the API still demands an admin). */
export function bypassesRoleCheck(pathname: string): boolean {
  return pathname.includes('/admin/simple-admins');
}

/** Spec §2 protected-route wrapper. */
export function ProtectedRoute({ roles, permission, loginPath = '/login', children, standalone = false }: ProtectedRouteProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') return <LoadingScreen message={t('auth.guard.checking')} />;
  if (auth.status === 'anonymous') {
    return <Navigate to={loginPath} replace state={{ from: pathOf(location) }} />;
  }
  const { user } = auth;
  if (roles && roles.length > 0 && !userHasRole(user, roles) && !bypassesRoleCheck(location.pathname)) {
    const required = roles.map((role) => normalizeRole(role) ?? role).join(', ');
    return (
      <DeniedScreen
        standalone={standalone}
        icon="role"
        title={t('auth.guard.accessDenied')}
        message={t('auth.guard.accessDeniedMessage')}
        details={[
          [t('auth.guard.requiredRole'), required],
          [t('auth.guard.currentRole'), normalizeRole(user.role) ?? (user.role || t('auth.guard.noRole'))],
        ]}
      />
    );
  }
  if (permission && !userHasPermission(user, permission)) {
    return (
      <DeniedScreen
        standalone={standalone}
        icon="permission"
        title={t('auth.guard.insufficientPermissions')}
        message={t('auth.guard.insufficientPermissionsMessage')}
        details={[[t('auth.guard.requiredPermission'), permission]]}
      />
    );
  }
  return children ?? <Outlet />;
}

interface DeniedScreenProps {
  standalone: boolean;
  icon: 'role' | 'permission';
  title: string;
  message: string;
  details: [label: string, value: string][];
}

function DeniedScreen({ standalone, icon, title, message, details }: DeniedScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const Icon = icon === 'role' ? ShieldX : ShieldAlert;
  // With no earlier page in this tab (a pasted link) going back would leave the site.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }));
  const Landmark = standalone ? 'main' : 'section';
  return (
    <Landmark
      id={standalone ? 'main' : undefined}
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-400">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{message}</p>
      <dl className="mt-6 w-full divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {details.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <Button className="mt-8" variant="outline" onClick={goBack}>
        {t('common.goBack')}
      </Button>
    </Landmark>
  );
}
