import { DEFAULT_PREFERENCES, preferencesSchema, preferencesUpdateSchema, readPreferences as readWithSchemas } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { checkPreferences, readPreferences, readPreferencesUpdate } from './preference-checks';

const full = { ...DEFAULT_PREFERENCES, currentTheme: 'dark', fontSize: 'large', language: 'ja' };
const samples: unknown[] = [
  null,
  'text',
  42,
  [],
  {},
  full,
  DEFAULT_PREFERENCES,
  { ...full, extra: true },
  { ...full, fontSize: 'gigantic' },
  { ...full, animations: 'yes' },
  { ...full, preferences: { ...full.preferences, soundEffects: 1 } },
  { ...full, preferences: { ...full.preferences, other: true } },
  { ...full, preferences: 'x' },
  { ...full, notificationSettings: { position: 'middle', maxCount: 3, defaultDuration: 4000 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 0, defaultDuration: 4000 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 10, defaultDuration: 60_000 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 11, defaultDuration: 0 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 2.5, defaultDuration: 0 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 2, defaultDuration: -1 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 2, defaultDuration: 60_001 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: Number.NaN, defaultDuration: 1 } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 2, defaultDuration: '5' } },
  { ...full, notificationSettings: { position: 'top-left', maxCount: 2 } },
  { language: 'de' },
  { language: 'pt' },
  { currentTheme: 'dark', preferences: { autoSave: false } },
  { notificationSettings: { maxCount: 5 } },
  { notificationSettings: { maxCount: 50 } },
  { notificationSettings: { speed: 1 } },
  { preferences: null },
  { unknown: 1 },
  { compactMode: true, highContrast: 'true' },
];

describe('preference checks without zod', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    'agree with the shared schemas on %s',
    (_, sample) => {
      expect(readPreferences(sample)).toEqual(readWithSchemas(sample));
      expect(readPreferences(sample, full as typeof DEFAULT_PREFERENCES)).toEqual(
        readWithSchemas(sample, full as typeof DEFAULT_PREFERENCES),
      );
      const update = preferencesUpdateSchema.safeParse(sample);
      expect(readPreferencesUpdate(sample)).toEqual(update.success ? update.data : {});
      const whole = preferencesSchema.safeParse(sample);
      if (whole.success) expect(checkPreferences(sample)).toEqual(whole.data);
      else expect(() => checkPreferences(sample)).toThrow();
    },
  );
});
