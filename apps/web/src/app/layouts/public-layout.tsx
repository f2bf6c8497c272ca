import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { Header } from './components/header';

/** Below the fold (main is a window tall): loaded beside the page, not before it. */
const Footer = lazy(async () => ({ default: (await import('./components/footer')).Footer }));

/** A fixed corner button: it appears when loaded, moving nothing. */
const ChatLauncher = lazy(async () => ({
  default: (await import('@/features/chatbot/components/chat-launcher')).ChatLauncher,
}));

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      {/*
        At least a window tall (less the header's first row): the footer starts below the fold, so a
        page whose content arrives late (lazy code, then its data) grows downwards without pushing a
        footer that was already on screen (/products shifted by 0.35).
      */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
        <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <ChatLauncher />
      </Suspense>
    </div>
  );
}
