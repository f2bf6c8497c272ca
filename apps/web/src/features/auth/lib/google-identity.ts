/** Loads Google Identity Services (spec §7, §8) only when the server has a Google client id. */

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** Spec §9: Google sign-in timeout. */
export const GOOGLE_LOAD_TIMEOUT_MS = 10_000;

export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** Why Google sign-in could not start; `key` names the spec §8 text in the `auth.google` messages. */
export class GoogleIdentityError extends Error {
  readonly key: 'scriptFailed' | 'timeout';
  constructor(key: 'scriptFailed' | 'timeout') {
    super(key);
    this.key = key;
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(timeoutMs = GOOGLE_LOAD_TIMEOUT_MS): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;

  loading = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => fail('timeout'), timeoutMs);
    function fail(key: 'scriptFailed' | 'timeout') {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new GoogleIdentityError(key));
    }
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (!id) return fail('scriptFailed');
      window.clearTimeout(timer);
      resolve(id);
    };
    script.onerror = () => fail('scriptFailed');
    document.head.appendChild(script);
  });
  return loading;
}
