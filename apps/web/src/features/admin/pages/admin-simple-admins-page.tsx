import type { PublicUser } from '@app/shared';
import { Package, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, SortableTh, Td, Th, useSortedRows } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { displayName } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDeleteSimpleAdmin } from '../api/delete-simple-admin';
import { useSimpleAdmins } from '../api/get-simple-admins';
import { useToggleSimpleAdmin } from '../api/toggle-simple-admin';
import { AdminPageHeader } from '../components/admin-page-header';
import { SimpleAdminFormDialog } from '../components/simple-admin-form-dialog';
import { SimpleAdminProductsDialog } from '../components/simple-admin-products-dialog';

type Editing = { simpleAdmin?: PublicUser } | null;

/** What each sortable column sorts by (the list holds every simple admin, so sorting here is whole). */
const SORT_BY = {
  name: (simpleAdmin: PublicUser) => displayName(simpleAdmin),
  status: (simpleAdmin: PublicUser) => (simpleAdmin.is_active ? 0 : 1),
  created: (simpleAdmin: PublicUser) => simpleAdmin.created_at,
};

/** /admin/simple-admins: the super admin creates, edits, switches off and removes simple admins, and sees their products. */
export function AdminSimpleAdminsPage() {
  const { t } = useTranslation();
  const simpleAdmins = useSimpleAdmins();
  const toggle = useToggleSimpleAdmin();
  const remove = useDeleteSimpleAdmin();
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const list = simpleAdmins.data?.simple_admins ?? [];
  const sorted = useSortedRows(list, SORT_BY, { key: 'created', direction: 'descending' });

  const failed = (error: unknown) =>
    notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));

  const onToggle = (simpleAdmin: PublicUser) =>
    toggle.mutate(
      { id: simpleAdmin.id, is_active: !simpleAdmin.is_active },
      {
        onSuccess: () =>
          notify.success(
            simpleAdmin.is_active
              ? t('admin.simpleAdmins.deactivated', { email: simpleAdmin.email })
              : t('admin.simpleAdmins.activated', { email: simpleAdmin.email }),
          ),
        onError: failed,
      },
    );

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(t('admin.simpleAdmins.deleted', { email: deleting.email })),
      onError: failed,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={ShieldCheck}
        title={t('admin.simpleAdmins.title')}
        description={t('admin.simpleAdmins.description')}
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus className="size-4" aria-hidden />
            {t('admin.simpleAdmins.add')}
          </Button>
        }
      />
      <DataTable
        label={t('admin.simpleAdmins.title')}
        loading={simpleAdmins.isPending}
        error={simpleAdmins.isError ? errorMessage(simpleAdmins.error, t('common.operationFailed')) : null}
        empty={list.length === 0 ? t('admin.simpleAdmins.empty') : null}
        minWidth="48rem"
      >
        <thead>
          <tr>
            <SortableTh column="name" sort={sorted.sort} onSort={sorted.toggle}>
              {t('admin.simpleAdmins.columns.name')}
            </SortableTh>
            <SortableTh column="status" sort={sorted.sort} onSort={sorted.toggle}>
              {t('admin.simpleAdmins.columns.status')}
            </SortableTh>
            <SortableTh column="created" sort={sorted.sort} onSort={sorted.toggle}>
              {t('admin.simpleAdmins.columns.created')}
            </SortableTh>
            <Th className="text-right">{t('admin.simpleAdmins.columns.actions')}</Th>
          </tr>
        </thead>
        <tbody>
          {sorted.rows.map((simpleAdmin) => (
            <tr key={simpleAdmin.id}>
              <Td>
                <p className="font-medium text-slate-900 dark:text-white">{displayName(simpleAdmin)}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{simpleAdmin.email}</p>
              </Td>
              <Td>
                <Badge tone={simpleAdmin.is_active ? 'success' : 'neutral'}>
                  {simpleAdmin.is_active ? t('admin.simpleAdmins.active') : t('admin.simpleAdmins.inactive')}
                </Badge>
              </Td>
              <Td className="whitespace-nowrap text-slate-600 dark:text-slate-400">{formatDate(simpleAdmin.created_at)}</Td>
              <Td>
                <div className="flex flex-wrap justify-end gap-1.5">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setViewing(simpleAdmin)}
                    aria-label={t('admin.simpleAdmins.productsLabel', { email: simpleAdmin.email })}
                  >
                    <Package className="size-4" aria-hidden />
                    {t('admin.simpleAdmins.products')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing({ simpleAdmin })}
                    aria-label={t('admin.simpleAdmins.editLabel', { email: simpleAdmin.email })}
                  >
                    <Pencil className="size-4" aria-hidden />
                    {t('admin.simpleAdmins.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onToggle(simpleAdmin)}
                    disabled={toggle.isPending}
                    aria-label={
                      simpleAdmin.is_active
                        ? t('admin.simpleAdmins.deactivateLabel', { email: simpleAdmin.email })
                        : t('admin.simpleAdmins.activateLabel', { email: simpleAdmin.email })
                    }
                  >
                    {simpleAdmin.is_active ? t('admin.simpleAdmins.deactivate') : t('admin.simpleAdmins.activate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 dark:text-red-400"
                    onClick={() => setDeleting(simpleAdmin)}
                    aria-label={t('admin.simpleAdmins.deleteLabel', { email: simpleAdmin.email })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    {t('admin.simpleAdmins.delete')}
                  </Button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {editing && <SimpleAdminFormDialog simpleAdmin={editing.simpleAdmin} onClose={() => setEditing(null)} />}
      {viewing && <SimpleAdminProductsDialog simpleAdmin={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.simpleAdmins.deleteTitle', { email: deleting?.email ?? '' })}
        description={t('admin.simpleAdmins.deleteText')}
        confirmLabel={t('admin.simpleAdmins.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={onDelete}
      />
    </div>
  );
}
