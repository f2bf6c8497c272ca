import type { ScannedFile, ScanReason, ScanVerdict } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<ScanVerdict | 'pending', BadgeTone> = {
  clean: 'success',
  warning: 'warning',
  dangerous: 'danger',
  pending: 'neutral',
};

/** A file's safety scan verdict (clean, warning, dangerous, or not scanned yet). */
export function ScanVerdictBadge({ verdict }: { verdict: ScanVerdict | null }) {
  const { t } = useTranslation();
  const key = verdict ?? 'pending';
  return (
    <Badge tone={tones[key]} className="whitespace-nowrap">
      {t(`scan.verdict.${key}`)}
    </Badge>
  );
}

/** The reasons behind a verdict, each naming the member of an archive it was found in. */
export function ScanReasons({ reasons }: { reasons: ScanReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {reasons.map((reason) => (
        <li
          key={`${reason.code}|${reason.detail}|${reason.member}`}
          className={reason.severity === 'dangerous' ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300'}
        >
          {t(`scan.reasons.${reason.code}`, { detail: reason.detail ?? '', defaultValue: reason.message })}
          {reason.member && (
            <>
              {' '}
              <span className="break-all text-slate-500 dark:text-slate-400">
                {t('scan.inMember', { member: reason.member })}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** True when a file's scan blocks approval: dangerous, or not scanned yet. */
export function hasDangerousFile(files: ScannedFile[]): boolean {
  return files.some((file) => file.scan_verdict === 'dangerous');
}
