import type { ChatContext, ChatQuickReply } from '@app/shared';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/shared';
import { Bot, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { type ChatEntry, useChat } from '../hooks/use-chat';
import { BotMessage } from './bot-message';

export interface ChatPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** The conversation panel: greeting, messages, quick replies and the message box. Escape closes it. */
export function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const chat = useChat();
  const { send } = chat;
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const [text, setText] = useState('');
  const hints = useInputHints(chat.context);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send('');
  }, [send]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // Keep the newest message in view.
  const count = chat.entries.length;
  useEffect(() => {
    if (log.current && count >= 0) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    setText('');
    void send(message, message);
  };

  const reply = (value: ChatQuickReply) => {
    void send(value, t(`chatbot.quickReplies.${value}`));
    input.current?.focus();
  };

  const lastBot = chat.entries.findLastIndex((entry) => entry.from === 'bot');

  return (
    <section
      id={id}
      hidden={!open}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="fixed right-2 bottom-20 z-40 flex h-[min(36rem,calc(100dvh-6rem))] w-[calc(100vw-1rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:right-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex items-center gap-3 bg-gradient-to-r from-indigo-600 to-violet-600 px-4 py-3 text-white">
        <Bot className="size-6 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm font-semibold">
            {t('chatbot.title')}
          </h2>
          <p className="truncate text-xs text-indigo-100">{t('chatbot.subtitle')}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('chatbot.close')}
          className="rounded-lg p-1.5 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X className="size-5" aria-hidden />
        </button>
      </header>

      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t('chatbot.conversation')}
        className="flex-1 space-y-3 overflow-y-auto px-3 py-4"
      >
        {chat.entries.map((entry, index) => (
          <Entry key={entry.id} entry={entry} withReplies={index === lastBot && !chat.typing} onReply={reply} />
        ))}
        {chat.typing && <TypingIndicator />}
      </div>

      <form onSubmit={onSubmit} className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
        <input
          ref={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          aria-label={t('chatbot.messageLabel')}
          {...hints}
          className={cn(inputClasses, 'min-w-0 flex-1')}
        />
        <button type="submit" aria-label={t('chatbot.send')} className={buttonClasses('primary', 'icon', 'shrink-0')}>
          <SendHorizontal className="size-4" aria-hidden />
        </button>
      </form>
    </section>
  );
}

/** In the lead flow the box says what it wants and lets the browser offer a saved name or e-mail. */
function useInputHints(context: ChatContext | null) {
  const { t } = useTranslation();
  const step = context?.flow === 'lead' ? context.step : null;
  if (step === 'name') return { placeholder: t('chatbot.placeholderName'), autoComplete: 'name' };
  if (step === 'email') return { placeholder: t('chatbot.placeholderEmail'), autoComplete: 'email', inputMode: 'email' as const };
  if (step === 'need') return { placeholder: t('chatbot.placeholderNeed'), autoComplete: 'off' };
  return { placeholder: t('chatbot.placeholder'), autoComplete: 'off' };
}

function Entry({
  entry,
  withReplies,
  onReply,
}: {
  entry: ChatEntry;
  withReplies: boolean;
  onReply: (value: ChatQuickReply) => void;
}) {
  const { t } = useTranslation();
  if (entry.from === 'user') {
    return (
      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm break-words text-white">
          <span className="sr-only">{t('chatbot.you')}: </span>
          {entry.text}
        </p>
      </div>
    );
  }
  if (entry.from === 'error') {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
        {entry.text}
      </p>
    );
  }
  return <BotMessage message={entry.message} withReplies={withReplies} onReply={onReply} />;
}

function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex w-16 items-center gap-1 rounded-2xl bg-slate-100 px-3 py-3 dark:bg-slate-800">
      <span className="sr-only">{t('chatbot.typing')}</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden
          className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}
