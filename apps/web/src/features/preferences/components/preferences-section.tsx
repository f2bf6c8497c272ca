import {
  FONT_SIZES,
  LANGUAGES,
  type Language,
  NOTIFICATION_POSITIONS,
  type NotificationPosition,
  type PreferencesUpdate,
  THEMES,
} from '@app/shared';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { type SaveOutcome, updatePreferences, usePreferences } from '@/lib/preferences';

const MAX_COUNTS = [1, 2, 3, 4, 5] as const;
const DURATIONS_MS = [2000, 3000, 4000, 5000, 8000, 10000] as const;

type Status = 'idle' | 'saving' | SaveOutcome;

/** The profile's Preferences card: every display preference, applied at once and saved to the account. */
export function PreferencesSection() {
  const { t } = useTranslation('preferences');
  const preferences = usePreferences();
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(0);

  const change = async (update: PreferencesUpdate) => {
    const call = ++latest.current;
    setStatus('saving');
    const outcome = await updatePreferences(update);
    // Only the newest change speaks: an older answer arriving late must not claim the final state.
    if (call === latest.current) setStatus(outcome);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('section.title')}</CardTitle>
        <CardDescription>{t('section.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <SelectRow
          label={t('language.label')}
          value={preferences.language}
          options={LANGUAGES.map((code) => ({ value: code, label: t(`language.names.${code}`), lang: code }))}
          onChange={(language) => change({ language: language as Language })}
        />
        <RadioRow
          legend={t('theme.label')}
          value={preferences.currentTheme}
          options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
          onChange={(currentTheme) => change({ currentTheme })}
        />
        <RadioRow
          legend={t('fontSize.label')}
          value={preferences.fontSize}
          options={FONT_SIZES.map((size) => ({ value: size, label: t(`fontSize.${size}`) }))}
          onChange={(fontSize) => change({ fontSize })}
        />
        <div className="space-y-4">
          <SwitchRow
            label={t('reducedMotion.label')}
            hint={t('reducedMotion.hint')}
            checked={preferences.reducedMotion}
            onChange={(reducedMotion) => change({ reducedMotion })}
          />
          <SwitchRow
            label={t('highContrast.label')}
            hint={t('highContrast.hint')}
            checked={preferences.highContrast}
            onChange={(highContrast) => change({ highContrast })}
          />
          <SwitchRow
            label={t('compactMode.label')}
            hint={t('compactMode.hint')}
            checked={preferences.compactMode}
            onChange={(compactMode) => change({ compactMode })}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">{t('notifications.title')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectRow
              label={t('notifications.position')}
              value={preferences.notificationSettings.position}
              options={NOTIFICATION_POSITIONS.map((position) => ({
                value: position,
                label: t(`notifications.positions.${position}`),
              }))}
              onChange={(position) => change({ notificationSettings: { position: position as NotificationPosition } })}
            />
            <SelectRow
              label={t('notifications.maxCount')}
              value={String(preferences.notificationSettings.maxCount)}
              options={MAX_COUNTS.map((count) => ({ value: String(count), label: String(count) }))}
              onChange={(count) => change({ notificationSettings: { maxCount: Number(count) } })}
            />
            <SelectRow
              label={t('notifications.duration')}
              value={String(preferences.notificationSettings.defaultDuration)}
              options={withCurrent(DURATIONS_MS, preferences.notificationSettings.defaultDuration).map((ms) => ({
                value: String(ms),
                label: t('notifications.seconds', { value: ms / 1000 }),
              }))}
              onChange={(ms) => change({ notificationSettings: { defaultDuration: Number(ms) } })}
            />
          </div>
        </fieldset>
        <p role="status" aria-live="polite" className={cn('min-h-5 text-sm', statusTone(status))}>
          {status === 'saving' && t('status.saving')}
          {status === 'saved' && t('status.saved')}
          {status === 'failed' && t('status.failed')}
        </p>
      </CardContent>
    </Card>
  );
}

/** A stored duration that is not one of the offered ones (set elsewhere) stays selectable. */
function withCurrent(options: readonly number[], current: number): number[] {
  return options.includes(current) ? [...options] : [...options, current].sort((a, b) => a - b);
}

function statusTone(status: Status): string {
  if (status === 'failed') return 'text-red-700 dark:text-red-300';
  if (status === 'saved') return 'text-emerald-700 dark:text-emerald-300';
  return 'text-slate-600 dark:text-slate-400';
}

function SelectRow({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function RadioRow<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              option.value === value
                ? 'border-indigo-600 bg-indigo-50 text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950/50 dark:text-indigo-100'
                : 'border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-indigo-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-indigo-600"
      />
    </div>
  );
}
