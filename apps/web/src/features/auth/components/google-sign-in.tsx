import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTheme } from '@/lib/theme';
import { useGoogleLogin } from '../api/google-login';
import { GoogleIdentityError, loadGoogleIdentity } from '../lib/google-identity';

export interface GoogleSignInProps {
  clientId: string;
}

/** Google's own rendered button; the ID token it yields is verified by our server (POST /auth/google). */
export function GoogleSignIn({ clientId }: GoogleSignInProps) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const googleLogin = useGoogleLogin();
  const latest = useRef({ mutate: googleLogin.mutate, t });
  latest.current = { mutate: googleLogin.mutate, t };

  useEffect(() => {
    let cancelled = false;
    const fail = (message: string) => {
      setError(message);
      notify.error(latest.current.t('auth.google.failedTitle'), message);
    };
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            const { mutate, t: translate } = latest.current;
            if (!credential) return fail(translate('auth.google.authFailed'));
            setError(null);
            mutate(credential, { onError: (cause) => fail(errorMessage(cause, translate('auth.google.authFailed'))) });
          },
        });
        container.current.replaceChildren();
        google.renderButton(container.current, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: Math.min(container.current.clientWidth || 360, 400),
          locale: i18n.language,
        });
        setStatus('ready');
      })
      .catch((cause: unknown) => {
        if (cancelled) return;
        setStatus('failed');
        const key = cause instanceof GoogleIdentityError ? cause.key : 'scriptFailed';
        setError(latest.current.t(`auth.google.${key}`));
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, theme, i18n.language]);

  return (
    <div className="space-y-2">
      <div ref={container} className="flex min-h-11 justify-center" aria-busy={status === 'loading'} />
      {status === 'loading' && (
        <div className="flex justify-center">
          <Spinner size="small" label={t('auth.google.loading')} />
        </div>
      )}
      {googleLogin.isPending && (
        <p className="text-center text-sm text-slate-600 dark:text-slate-400" role="status">
          {t('auth.google.signingIn')}
        </p>
      )}
      {error && (
        <p className="text-center text-sm text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
