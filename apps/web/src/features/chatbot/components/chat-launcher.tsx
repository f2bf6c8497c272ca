import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useClearSpot } from '../lib/use-clear-spot';

const loadPanel = () => import('./chat-panel');
// The panel (and its conversation code) downloads on first use, so pages do not grow with it.
const ChatPanel = lazy(async () => ({ default: (await loadPanel()).ChatPanel }));

/** The button's distance from the bottom and right edges (right-4, bottom-4). */
const MARGIN = 16;

/**
 * Spec §2 Chat widget: the round button fixed at the bottom right of every public page. At rest it
 * steps up over any control beneath it (use-clear-spot.ts), so it never hides a Subscribe or
 * "Start selling" button on a phone.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [everOpened, setEverOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const lift = useClearSpot(button, MARGIN, open);

  const toggle = () => {
    setEverOpened(true);
    setOpen((current) => !current);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      {everOpened && (
        <Suspense fallback={open ? <PanelLoading /> : null}>
          {/* Kept mounted once opened, so the conversation survives closing and page changes. */}
          <ChatPanel id={panelId} open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={button}
        type="button"
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-expanded={open}
        aria-controls={everOpened ? panelId : undefined}
        aria-label={open ? t('chatbot.close') : t('chatbot.open')}
        style={{ bottom: MARGIN + lift }}
        className="fixed right-4 z-40 flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-lg transition-[bottom,scale] hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 print:hidden"
      >
        {open ? <X className="size-6" aria-hidden /> : <MessageCircle className="size-6" aria-hidden />}
      </button>
    </>
  );
}

function PanelLoading() {
  const { t } = useTranslation();
  return (
    <div className="fixed right-4 bottom-22 z-40 rounded-2xl bg-white p-4 shadow-xl dark:bg-slate-900">
      <Spinner label={t('chatbot.loading')} />
    </div>
  );
}
