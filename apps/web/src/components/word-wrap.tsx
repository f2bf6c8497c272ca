import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Languages written without spaces between words: a line may otherwise break inside any word. */
const UNSPACED = new Set(['ja', 'zh']);

/**
 * The words of `text` in the reader's language, for a text that may break across lines only between
 * words. Chinese and Japanese have no spaces to break at, so the words come from Intl.Segmenter.
 */
export function splitWords(text: string, language: string): string[] {
  if (!UNSPACED.has(language.slice(0, 2)) || typeof Intl.Segmenter !== 'function') return [text];
  const segments = [...new Intl.Segmenter(language, { granularity: 'word' }).segment(text)];
  const words: string[] = [];
  for (const { segment, isWordLike } of segments) {
    // Punctuation and spaces stay on the word before them (never "、" at the start of a line).
    if (!isWordLike && words.length > 0) words[words.length - 1] += segment;
    else words.push(segment);
  }
  return words;
}

/**
 * A headline's text that wraps only between words: each word boundary gets a <wbr>, keep-all
 * forbids breaks inside words, and a word wider than the line still breaks rather than overflow.
 */
export function WordWrap({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const words = useMemo(() => splitWords(text, i18n.language), [text, i18n.language]);
  return (
    <span className="break-keep wrap-anywhere">
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of one text, in order; a word may repeat
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {word}
        </Fragment>
      ))}
    </span>
  );
}
