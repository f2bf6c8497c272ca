import { describe, expect, it } from 'vitest';
import { allowedTypos, correctQuery, queryWords, suggestion, typoDistance, WordIndex } from './typos';

const index = new WordIndex(
  [
    ['lead', 40],
    ['scoring', 30],
    ['score', 12],
    ['module', 50],
    ['model', 45],
    ['classifier', 20],
    ['classifiers', 99],
    ['classification', 25],
    ['chatbot', 35],
    ['translation', 18],
    ['customer', 22],
    ['support', 21],
    ['csv', 5],
    ['cleaning', 6],
    ['scripts', 9],
    ['summarizer', 7],
  ].map(([word, frequency]) => ({ word: word as string, frequency: frequency as number })),
);

const correct = (text: string) => correctQuery(index, queryWords(text));
const best = (text: string) => correct(text).map((word) => word.alternatives[0]?.word);

describe('typo distance (Damerau-Levenshtein)', () => {
  it('counts an inserted, deleted, substituted or swapped letter as one typo', () => {
    expect(typoDistance('scorring', 'scoring', 2)).toBe(1);
    expect(typoDistance('scoing', 'scoring', 2)).toBe(1);
    expect(typoDistance('scoeing', 'scoring', 2)).toBe(1);
    expect(typoDistance('scroing', 'scoring', 2)).toBe(1);
    expect(typoDistance('scoring', 'scoring', 2)).toBe(0);
  });

  it('adds typos up and stops counting past the limit', () => {
    expect(typoDistance('clasifcation', 'classification', 2)).toBe(2);
    expect(typoDistance('xyz', 'scoring', 2)).toBe(3);
    expect(typoDistance('sorcing', 'scoring', 1)).toBe(2);
  });
});

describe('typo rules', () => {
  it('allows no typo under 5 letters, 1 from 5 and 2 from 9', () => {
    expect([allowedTypos('lead'), allowedTypos('score'), allowedTypos('scorings'), allowedTypos('classifer')]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('corrects each typo class on a 5+ letter word', () => {
    expect(best('chatbott')).toEqual(['chatbot']); // inserted letter
    expect(best('chatbt')).toEqual(['chatbot']); // deleted letter
    expect(best('chatbit')).toEqual(['chatbot']); // substituted letter
    expect(best('chatbto')).toEqual(['chatbot']); // swapped letters
    expect(best('scroing')).toEqual(['scoring']);
  });

  it('gives a word under 5 letters no typo, a 5 to 8 letter word one, and a 9+ letter word two', () => {
    expect(correct('laed csv')[0]).toMatchObject({ corrected: false, alternatives: [{ word: 'laed', typos: 0 }] });
    expect(correct('scrionng')[0]?.corrected).toBe(false); // two typos in 8 letters: too many
    expect(best('clasifcation')).toEqual(['classification']); // two typos in 12 letters
    expect(correct('clasifcation')[0]?.alternatives[0]?.typos).toBe(2);
  });

  it('matches the last word as a prefix, and as a prefix with a typo', () => {
    expect(correct('lead scor')[1]).toMatchObject({ corrected: false });
    expect(correct('lead scor')[1]?.alternatives.map((a) => a.word)).toEqual(['scoring', 'score']);
    expect(correct('lead sorin')[1]).toMatchObject({ corrected: true, alternatives: [{ word: 'scoring', typos: 1 }] });
    // Not the last word: a prefix is not enough.
    expect(correct('scor lead')[0]?.alternatives.map((a) => a.word)).toEqual(['scor']);
  });

  it('corrects a word even when the other words match as typed', () => {
    expect(best('lead scroing module')).toEqual(['lead', 'scoring', 'module']);
    expect(suggestion(correct('lead scroing module'))).toBe('lead scoring module');
    expect(suggestion(correct('lead scoring module'))).toBeNull();
  });

  it('keeps every candidate within the allowed typos, fewest typos first', () => {
    // 'modle' is one swap from 'model' and one insert from 'module': both, the more used first.
    expect(correct('modle scripts')[0]?.alternatives).toEqual([
      { word: 'module', typos: 1 },
      { word: 'model', typos: 1 },
    ]);
    // One typo beats two, however much more the two-typo word is used.
    expect(correct('clasifier module')[0]?.alternatives).toEqual([
      { word: 'classifier', typos: 1 },
      { word: 'classifiers', typos: 2 },
    ]);
  });

  it('leaves unknown words alone (they may be names the dictionary does not need to know)', () => {
    expect(correct('zqxw')[0]).toMatchObject({ corrected: false, alternatives: [{ word: 'zqxw', typos: 0 }] });
    expect(queryWords('  Lead-Scoring, MODULE!! ')).toEqual(['lead', 'scoring', 'module']);
    const long = 'scoring'.repeat(20);
    expect(correct(long)[0]).toMatchObject({ corrected: false, alternatives: [{ word: long, typos: 0 }] });
  });
});
