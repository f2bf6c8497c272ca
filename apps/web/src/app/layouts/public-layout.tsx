import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { ChatLauncher } from '@/features/chatbot/components/chat-launcher';
import { Footer } from './components/footer';
import { Header } from './components/header';

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
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingScreen message={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ChatLauncher />
    </div>
  );
}
