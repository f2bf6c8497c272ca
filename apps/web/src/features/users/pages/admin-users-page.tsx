import { normalizeRole, type PublicUser, ROLES, type Role } from '@app/shared';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearch, ListToolbar } from '@/components/list-toolbar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { displayName, useRequiredUser } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useListFilters } from '@/lib/use-list-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { type AdminUserFilters, useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';

const PAGE_SIZE = 20;

/** /admin/users: find people, change their role, suspend or reactivate them. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const me = useRequiredUser();
  const { filters, change, setPage } = useListFilters<AdminUserFilters>({ search: '', role: '', page: 1, limit: PAGE_SIZE });
  const [suspending, setSuspending] = useState<PublicUser | null>(null);
  // A role change waits for the admin's confirmation; until then the select keeps showing the current role.
  const [roleChange, setRoleChange] = useState<{ user: PublicUser; role: Role } | null>(null);
  const users = useUsers(filters);
  const update = useUpdateUser();
  const { items: list, pages } = usePagedList(users, 'users');

  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  const changeRole = (user: PublicUser, role: Role) =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notify.success(t('admin.users.roleChanged', { name: displayName(user), role: t(`roles.${role}`) }));
          setRoleChange(null);
        },
        onError: (error) => {
          failed(error);
          setRoleChange(null);
        },
      },
    );

  const setActive = (user: PublicUser, is_active: boolean) =>
    update.mutate(
      { id: user.id, is_active },
      {
        onSuccess: () => {
          notify.success(
            is_active
              ? t('admin.users.activated', { name: displayName(user) })
              : t('admin.users.suspended', { name: displayName(user) }),
          );
          setSuspending(null);
        },
        onError: (error) => {
          failed(error);
          setSuspending(null);
        },
      },
    );

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Users} title={t('admin.users.title')} description={t('admin.users.description')} />
      <ListToolbar>
        <ListSearch
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          onSearch={(search) => change({ search })}
          className="min-w-64 flex-1"
        />
        <FilterSelect
          label={t('admin.users.roleFilter')}
          value={filters.role}
          onChange={(role) => change({ role })}
          options={[
            { value: '', label: t('admin.users.allRoles') },
            ...ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
          ]}
        />
      </ListToolbar>
      <DataTable
        label={t('admin.users.title')}
        loading={users.isPending}
        error={users.isError ? errorMessage(users.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('admin.users.empty') : null}
        minWidth="48rem"
      >
        <thead>
          <tr>
            <Th>{t('admin.users.columns.user')}</Th>
            <Th>{t('admin.users.columns.role')}</Th>
            <Th>{t('admin.users.columns.status')}</Th>
            <Th>{t('admin.users.columns.joined')}</Th>
            <Th className="text-right">{t('admin.users.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {list.map((user) => {
            const self = user.id === me.id;
            const role = normalizeRole(user.role) ?? 'buyer';
            return (
              <tr key={user.id}>
                <Td>
                  <p className="font-medium text-slate-900 dark:text-white">
                    {displayName(user)}
                    {self && (
                      <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t('admin.users.you')}</span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
                </Td>
                <Td>
                  <div className="w-36">
                    <select
                      aria-label={t('admin.users.roleFor', { email: user.email })}
                      className={inputClasses}
                      value={role}
                      disabled={self || update.isPending}
                      onChange={(event) => {
                        const next = event.target.value as Role;
                        if (next !== role) setRoleChange({ user, role: next });
                      }}
                    >
                      {ROLES.map((option) => (
                        <option key={option} value={option}>
                          {t(`roles.${option}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                </Td>
                <Td>
                  <Badge tone={user.is_active ? 'success' : 'danger'}>
                    {user.is_active ? t('admin.users.active') : t('admin.users.suspendedBadge')}
                  </Badge>
                </Td>
                <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(user.created_at)}</Td>
                <Td className="text-right">
                  {!self &&
                    (user.is_active ? (
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-red-600 dark:text-red-400"
                        onClick={() => setSuspending(user)}
                        aria-label={t('admin.users.suspendLabel', { email: user.email })}
                      >
                        {t('admin.users.suspend')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setActive(user, true)}
                        disabled={update.isPending}
                        aria-label={t('admin.users.activateLabel', { email: user.email })}
                      >
                        {t('admin.users.activate')}
                      </Button>
                    ))}
                </Td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination page={filters.page} pages={pages} onPageChange={setPage} label={t('admin.users.pagination')} />
      <ConfirmDialog
        open={roleChange !== null}
        title={t('admin.users.roleTitle', {
          name: roleChange ? displayName(roleChange.user) : '',
          role: roleChange ? t(`roles.${roleChange.role}`) : '',
        })}
        description={t('admin.users.roleText', {
          from: roleChange ? t(`roles.${normalizeRole(roleChange.user.role) ?? 'buyer'}`) : '',
          role: roleChange ? t(`roles.${roleChange.role}`) : '',
        })}
        confirmLabel={t('admin.users.roleConfirm')}
        tone={roleChange?.role === 'admin' ? 'danger' : 'primary'}
        busy={update.isPending}
        onCancel={() => setRoleChange(null)}
        onConfirm={() => roleChange && changeRole(roleChange.user, roleChange.role)}
      />
      <ConfirmDialog
        open={suspending !== null}
        title={t('admin.users.suspendTitle', { name: suspending ? displayName(suspending) : '' })}
        description={t('admin.users.suspendText')}
        confirmLabel={t('admin.users.suspend')}
        busy={update.isPending}
        onCancel={() => setSuspending(null)}
        onConfirm={() => suspending && setActive(suspending, false)}
      />
    </div>
  );
}
