import { Trans } from 'react-i18next';
import { Link } from 'react-router';

const linkClass = 'underline underline-offset-2 hover:text-indigo-600 dark:hover:text-indigo-400';

/** Spec §2 Login: the terms and privacy notice under the sign-in options. */
export function LegalNotice() {
  return (
    <p className="mt-6 text-center text-xs leading-relaxed text-slate-500 dark:text-slate-400">
      <Trans
        i18nKey="auth.legalNotice"
        components={{ terms: <Link to="/terms" className={linkClass} />, privacy: <Link to="/privacy" className={linkClass} /> }}
      />
    </p>
  );
}
