import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import type { RegisteredField } from './password-fields';

export interface NameFieldsProps {
  firstName: RegisteredField;
  lastName: RegisteredField;
}

/** First and last name, side by side from the small breakpoint up (registration and profile). */
export function NameFields({ firstName, lastName }: NameFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('auth.fields.firstName')} autoComplete="given-name" {...firstName} />
      <TextField label={t('auth.fields.lastName')} autoComplete="family-name" {...lastName} />
    </div>
  );
}
