import type { ChatMessageRequest, ChatReply } from '@app/shared';
import { api } from '@/lib/api-client';

/** One message to the shopping assistant (spec §7 POST /chatbot/message). */
export function sendChatMessage(body: ChatMessageRequest): Promise<ChatReply> {
  return api.post<ChatReply>('/chatbot/message', body);
}
