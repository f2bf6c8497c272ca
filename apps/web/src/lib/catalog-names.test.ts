import { afterEach, describe, expect, it } from 'vitest';
import { categoryName, licenseName } from './catalog-names';
import { switchLanguage } from './i18n';

describe('category and licence names', () => {
  afterEach(async () => {
    await switchLanguage('en');
  });

  it('come from a slug or the English name the API sends', () => {
    expect(categoryName('ai-tools')).toBe('AI Tools');
    expect(categoryName('AI Tools')).toBe('AI Tools');
    expect(licenseName('cc-by-nc-4.0')).toBe('CC-BY-NC-4.0');
    expect(licenseName('Commercial, team')).toBe('Commercial, team');
    // The first catalogue's licences read as the ones that replaced them.
    expect(licenseName('Open Source')).toBe('MIT');
  });

  it('are shown in the reader’s language', async () => {
    await switchLanguage('de');
    expect(categoryName('AI Tools')).toBe('KI-Tools');
    expect(licenseName('Commercial, single seat')).toBe('Kommerziell, Einzelplatz');
    await switchLanguage('ja');
    expect(categoryName('datasets')).toBe('データセット');
  });

  it('leave anything unknown as it came', () => {
    expect(categoryName('Quantum Widgets')).toBe('Quantum Widgets');
    expect(licenseName('')).toBe('');
  });
});
