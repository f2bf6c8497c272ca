import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';

/** The product form's download limit as the seller types it, with its own check (the shared schema's). */
export interface DownloadLimitControl {
  /** What the box holds: blank is unlimited. */
  text: string;
  setText: (text: string) => void;
  /** The message of the last failed check (English, translated where shown). */
  error: string | null;
  /** Checks the text; false (and `error` set) when it is not a limit the server takes. */
  validate: () => boolean;
}

/** "Download limit": how many times each purchase's files may be downloaded; blank for unlimited. */
export function DownloadLimitField({ control }: { control: DownloadLimitControl }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('productForm.downloadLimit')}
      hint={t('productForm.downloadLimitHint')}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('productForm.downloadLimitPlaceholder')}
      value={control.text}
      error={control.error ?? undefined}
      onChange={(event) => control.setText(event.target.value)}
    />
  );
}
