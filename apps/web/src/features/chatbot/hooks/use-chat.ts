import { CHAT_TYPING_DELAY_MS, type ChatBotMessage, type ChatContext } from '@app/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { i18n, translateMessage } from '@/lib/i18n';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { randomUuid } from '@/lib/uuid';
import { sendChatMessage } from '../api/send-chat-message';

export type ChatEntry =
  | { id: string; from: 'user'; text: string }
  | { id: string; from: 'bot'; message: ChatBotMessage }
  | { id: string; from: 'error'; text: string };

/** Messages that ask for a product list get the spec's "couldn't load products" text when they fail. */
const PRODUCT_REQUESTS = new Set(['products', 'show_more']);

function storedSession(): string | undefined {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.chatSession) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeSession(id: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.chatSession, id);
  } catch {
    // Without storage the conversation simply starts over on reload.
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The conversation: sends messages, shows a typing indicator for CHAT_TYPING_DELAY_MS before each
 * bot message, and drops the reply to any message that a newer one has overtaken (spec §4 Chat).
 */
export function useChat() {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [typing, setTyping] = useState(false);
  const [context, setContext] = useState<ChatContext | null>(null);
  const latest = useRef(0);
  const sessionId = useRef<string | undefined>(storedSession());

  const add = useCallback((entry: ChatEntry) => setEntries((current) => [...current, entry]), []);

  /** Sends `message`; `shown` is what the visitor's bubble says (a quick reply's label), none for the greeting. */
  const send = useCallback(
    async (message: string, shown?: string) => {
      const turn = ++latest.current;
      const outdated = () => turn !== latest.current;
      if (shown !== undefined) add({ id: randomUuid(), from: 'user', text: shown });
      setTyping(true);
      try {
        const reply = await sendChatMessage({ session_id: sessionId.current ?? null, message, context });
        if (outdated()) return;
        sessionId.current = reply.session_id;
        storeSession(reply.session_id);
        setContext(reply.context);
        for (const bot of reply.messages) {
          await wait(CHAT_TYPING_DELAY_MS);
          if (outdated()) return;
          add({ id: bot.id, from: 'bot', message: bot });
        }
        setTyping(false);
      } catch (error) {
        if (outdated()) return;
        setTyping(false);
        add({ id: randomUuid(), from: 'error', text: errorText(error, message) });
      }
    },
    [add, context],
  );

  return { entries, typing, context, send };
}

function errorText(error: unknown, message: string): string {
  if (error instanceof ApiError && error.status === 429) return translateMessage(error.message);
  return PRODUCT_REQUESTS.has(message) ? i18n.t('chatbot.errors.products') : i18n.t('chatbot.errors.generic');
}
