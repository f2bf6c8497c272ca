import { describe, expect, it } from 'vitest';
import {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  pickLanguage,
  preferencesSchema,
  preferencesUpdateSchema,
  readPreferences,
} from './preferences';

describe('preferences', () => {
  it('refuses an unknown theme, a font size outside the four and bad notification settings with the spec wording', () => {
    const bad = preferencesSchema.safeParse({
      ...DEFAULT_PREFERENCES,
      currentTheme: 'neon',
      fontSize: 'huge',
      notificationSettings: { position: 'middle', maxCount: 0, defaultDuration: -1 },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Theme must be light or dark',
        'Font size must be small, medium, large or extra-large',
        'Notification position is not valid',
        'Maximum notification count must be above 0',
        'Default notification duration must be 0 or more',
      ]),
    );
  });

  it('refuses keys it does not know, also in an update', () => {
    expect(preferencesUpdateSchema.safeParse({ fontSize: 'large', admin: true }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ preferences: { autoSave: false, x: 1 } }).success).toBe(false);
  });

  it('lays an update over the base, merging the nested groups', () => {
    const update = preferencesUpdateSchema.parse({ fontSize: 'large', preferences: { soundEffects: true } });
    const next = applyPreferencesUpdate(DEFAULT_PREFERENCES, update);
    expect(next.fontSize).toBe('large');
    expect(next.preferences).toEqual({ ...DEFAULT_PREFERENCES.preferences, soundEffects: true });
    expect(preferencesSchema.parse(next)).toEqual(next);
  });

  it('keeps the valid fields of a stored entry and replaces the broken ones', () => {
    const stored = readPreferences({ currentTheme: 'dark', fontSize: 'gigantic', language: 'ja', preferences: 'x' });
    expect(stored.currentTheme).toBe('dark');
    expect(stored.fontSize).toBe('medium');
    expect(stored.language).toBe('ja');
    expect(stored.preferences).toEqual(DEFAULT_PREFERENCES.preferences);
    expect(readPreferences('not json object')).toEqual(DEFAULT_PREFERENCES);
  });

  it('picks the first supported language of an Accept-Language header by weight, or of a navigator list', () => {
    expect(pickLanguage('pt-BR,pt;q=0.9,fr-CA;q=0.8,de;q=0.9')).toBe('de');
    expect(pickLanguage('zh-Hans-CN')).toBe('zh');
    expect(pickLanguage(['it-IT', 'ja-JP', 'en'])).toBe('ja');
    expect(pickLanguage('it, pt;q=0.5')).toBeNull();
    expect(pickLanguage('fr;q=0, es;q=0.1')).toBe('es');
    expect(pickLanguage(undefined)).toBeNull();
  });
});
