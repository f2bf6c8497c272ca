import type { PublicUser } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { type SimpleAdminForm, simpleAdminSchema, useCreateSimpleAdmin } from '../api/create-simple-admin';
import { simpleAdminUpdateSchema, useUpdateSimpleAdmin } from '../api/update-simple-admin';

const FIELDS = ['email', 'password', 'first_name', 'last_name'] as const;

/** Create a simple admin, or edit one (a blank password keeps the current one). Rendered only while open. */
export function SimpleAdminFormDialog({ simpleAdmin, onClose }: { simpleAdmin?: PublicUser; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSimpleAdmin();
  const update = useUpdateSimpleAdmin();
  const busy = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<SimpleAdminForm>({
    resolver: zodResolver(simpleAdmin ? simpleAdminUpdateSchema : simpleAdminSchema),
    defaultValues: {
      email: simpleAdmin?.email ?? '',
      password: '',
      first_name: simpleAdmin?.first_name ?? '',
      last_name: simpleAdmin?.last_name ?? '',
    },
  });

  const onError = (error: unknown) => {
    if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error, t('common.operationFailed')));
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    if (simpleAdmin) {
      update.mutate(
        { id: simpleAdmin.id, ...values },
        {
          onSuccess: () => {
            notify.success(t('admin.simpleAdmins.updated', { email: values.email }));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          notify.success(t('admin.simpleAdmins.created', { email: values.email }));
          onClose();
        },
        onError,
      });
    }
  });

  const field = (name: (typeof FIELDS)[number]) => register(name, { onChange: () => clearErrors(name) });

  return (
    <Modal
      open
      title={simpleAdmin ? t('admin.simpleAdmins.editTitle', { email: simpleAdmin.email }) : t('admin.simpleAdmins.createTitle')}
      description={t('admin.simpleAdmins.formDescription')}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...field('email')}
        />
        <PasswordField
          purpose="new"
          label={t('auth.fields.password')}
          hint={simpleAdmin ? t('admin.simpleAdmins.passwordKeep') : t('auth.register.passwordHint')}
          error={errors.password?.message}
          {...field('password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.fields.firstName')} error={errors.first_name?.message} {...field('first_name')} />
          <TextField label={t('auth.fields.lastName')} error={errors.last_name?.message} {...field('last_name')} />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {simpleAdmin ? t('admin.simpleAdmins.save') : t('admin.simpleAdmins.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
