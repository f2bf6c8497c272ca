import { LANGUAGES, type Language } from '../preferences';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import { indexByText, interpolate, type MessageTable, type MessageValues, pickText } from './format';
import fr from './fr.json';
import ja from './ja.json';
import zh from './zh.json';

export { indexByText, interpolate, type MessageTable, type MessageValues, pickText } from './format';
export { loadMessageTable } from './load';

/**
 * Every text a user can get from the server, by stable id, in the six languages: the API's error
 * and field messages and the shared schemas' messages (ids such as `auth.firstNameRequired`, the
 * English text is what the API sends as `detail`/`message`), and the e-mail and notification
 * texts (`mail.*`, with `{{placeholders}}`). `en.json` is the source of truth; ids never change
 * once given (a new message gets a new id). `node scripts/server-messages.mjs` checks that every
 * English message of apps/api and packages/shared is here and every language has every id.
 */
export type MessageId = keyof typeof en;

export const MESSAGE_CATALOGUE: Readonly<Record<Language, Readonly<Record<MessageId, string>>>> = { en, es, fr, de, zh, ja };

/** The languages of the catalogue (the storefront's six). */
export const MESSAGE_LANGUAGES: readonly Language[] = LANGUAGES;

/** The English texts by id, for call sites that name a message rather than spell it. */
export const MESSAGES: Readonly<Record<MessageId, string>> = en;

let englishIndex: ReadonlyMap<string, string> | undefined;

/** The id of an English message (an API `detail`/`message`, a schema's zod message); undefined for texts not in the catalogue. */
export function messageIdOf(englishText: string): MessageId | undefined {
  englishIndex ??= indexByText(en as MessageTable);
  return englishIndex.get(englishText) as MessageId | undefined;
}

/** A message in `language` with its placeholders filled (the server's renderer; English when a language lacks the id). */
export function formatMessage(language: Language, id: MessageId, values?: MessageValues): string {
  const text =
    pickText(MESSAGE_CATALOGUE[language] as MessageTable, language, id, values) ??
    pickText(en as MessageTable, 'en', id, values) ??
    id;
  return interpolate(text, values);
}
