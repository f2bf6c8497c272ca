import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/field';

/** A react-hook-form registration with the field's validation message. */
export type RegisteredField = UseFormRegisterReturn & { error?: string };

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete'> {
  /** `current` lets password managers fill the box in; `new` lets them offer a strong password. */
  purpose: 'current' | 'new';
}

/** A labelled password box. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  return <TextField type="password" autoComplete={purpose === 'current' ? 'current-password' : 'new-password'} {...props} />;
}

export interface CredentialFieldsProps {
  email: RegisteredField;
  password: RegisteredField;
  /** `username` on the staff sign-in forms, `email` on the public one. */
  emailAutoComplete: 'email' | 'username';
  /** Shown right under the password box, e.g. the forgotten-password link. */
  passwordFooter?: ReactNode;
}

/** The e-mail and password of a sign-in form. */
export function CredentialFields({ email, password, emailAutoComplete, passwordFooter }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const passwordField = <PasswordField purpose="current" label={t('auth.fields.password')} {...password} />;
  return (
    <>
      <TextField label={t('auth.fields.email')} type="email" autoComplete={emailAutoComplete} {...email} />
      {passwordFooter ? (
        <div className="space-y-1.5">
          {passwordField}
          {passwordFooter}
        </div>
      ) : (
        passwordField
      )}
    </>
  );
}

export interface NewPasswordFieldsProps {
  /** The first box's label ("Password" when registering, "New password" when changing it). */
  label: string;
  hint?: ReactNode;
  password: RegisteredField;
  confirmation: RegisteredField;
  /** Side by side from the small breakpoint up, or one under the other. */
  layout?: 'stacked' | 'side-by-side';
}

/** A new password and its confirmation, both marked for password managers as new. */
export function NewPasswordFields({ label, hint, password, confirmation, layout = 'stacked' }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className={layout === 'side-by-side' ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
      <PasswordField purpose="new" label={label} hint={hint} {...password} />
      <PasswordField purpose="new" label={t('auth.fields.confirmPassword')} {...confirmation} />
    </div>
  );
}
