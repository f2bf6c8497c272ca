import type { ChatReply } from '@app/shared';
import type { AppDeps } from '../../lib/context';

/** Answers phrased by the model; all others keep their fixed wording. */
const PHRASED = new Set(['newest', 'search_results', 'search_relaxed', 'compare', 'greeting']);
const TIMEOUT_MS = 4000;

/**
 * With CHATBOT_LLM_URL set, an OpenAI-compatible model may reword the first answer of a reply.
 * It only rewords a sentence: products, prices and links stay exactly as the database gave them,
 * and any failure or slowness keeps the original text.
 */
export async function phraseWithLlm(deps: AppDeps, reply: ChatReply): Promise<ChatReply> {
  const llm = deps.config.chatbot.llm;
  const first = reply.messages[0];
  if (!llm || !first || !PHRASED.has(first.key)) return reply;
  const facts = first.rows?.map((row) => `${row.label}: ${row.value}`).join('\n') ?? '';
  try {
    const response = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(llm.apiKey && { authorization: `Bearer ${llm.apiKey}` }),
      },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.3,
        max_tokens: 120,
        messages: [
          {
            role: 'system',
            content:
              'You are the friendly shopping assistant of an AI tools marketplace. Rewrite the given answer in one or two short sentences. Never add products, prices, numbers, links or promises that are not in it.',
          },
          { role: 'user', content: `${first.text}${facts ? `\n${facts}` : ''}` },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return reply;
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim()) return reply;
    // 'phrased' tells the storefront to show this text as it is rather than its own translation.
    const phrased = { ...first, key: 'phrased', text: text.trim().slice(0, 600) };
    return { ...reply, messages: [phrased, ...reply.messages.slice(1)] };
  } catch {
    return reply;
  }
}
