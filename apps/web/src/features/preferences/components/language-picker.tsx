import { LANGUAGES, type Language } from '@app/shared';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { setLanguage, usePreferences } from '@/lib/preferences';

/**
 * The header's language control: icon-sized (a globe and the language code), a native select so it
 * works with every keyboard, screen reader and phone. Each language is named in its own words.
 */
export function LanguagePicker({
  className,
  labelled = false,
}: {
  className?: string /** Shows the language's name (menus). */;
  labelled?: boolean;
}) {
  const { t, i18n } = useTranslation('preferences');
  const { language } = usePreferences();
  const id = useId();

  const choose = async (next: Language) => {
    // Said in the language just chosen (the `t` of this render still speaks the old one).
    if ((await setLanguage(next)) === 'failed') notify.error(i18n.t('status.failed', { ns: 'preferences' }));
  };

  return (
    <div
      className={cn(
        'relative inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium sm:px-2 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:has-focus-visible:outline-indigo-400',
        className,
      )}
    >
      <Languages className="size-5" aria-hidden />
      {labelled ? (
        <span aria-hidden>{t(`language.names.${language}`)}</span>
      ) : (
        // Icon-sized on phones; the code joins the globe where the header has room.
        <span aria-hidden className="hidden sm:inline">
          {language.toUpperCase()}
        </span>
      )}
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      {/* The real control covers the visible code: native menus, keyboard and screen readers for free. */}
      <select
        id={id}
        value={language}
        onChange={(event) => void choose(event.target.value as Language)}
        title={t('language.label')}
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.names.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
