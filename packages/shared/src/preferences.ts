import { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  FONT_SIZES,
  LANGUAGES,
  NOTIFICATION_MAX_COUNT_LIMIT,
  NOTIFICATION_MAX_DURATION_MS,
  NOTIFICATION_POSITIONS,
  PREFERENCE_MESSAGES,
  THEMES,
} from './lean';

/**
 * Display preferences (spec §3 Preferences, §5 validation): one shape for the browser's
 * `themePreferences` entry and the account's copy on the server (`/users/me/preferences`).
 * Field names are the spec's own (camelCase), so the stored browser entry and the API agree.
 */

export {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  FONT_SIZE_PX,
  FONT_SIZES,
  type FontSize,
  LANGUAGES,
  type Language,
  NOTIFICATION_MAX_COUNT_LIMIT,
  NOTIFICATION_MAX_DURATION_MS,
  NOTIFICATION_POSITIONS,
  type NotificationPosition,
  PREFERENCE_MESSAGES,
  pickLanguage,
  THEMES,
  type ThemeName,
} from './lean';

const flag = z.boolean();

export const notificationSettingsSchema = z.strictObject({
  position: z.enum(NOTIFICATION_POSITIONS, PREFERENCE_MESSAGES.position),
  maxCount: z
    .number(PREFERENCE_MESSAGES.maxCount)
    .int(PREFERENCE_MESSAGES.maxCount)
    .min(1, PREFERENCE_MESSAGES.maxCount)
    .max(NOTIFICATION_MAX_COUNT_LIMIT, `Maximum notification count must be at most ${NOTIFICATION_MAX_COUNT_LIMIT}`),
  defaultDuration: z
    .number(PREFERENCE_MESSAGES.duration)
    .int(PREFERENCE_MESSAGES.duration)
    .min(0, PREFERENCE_MESSAGES.duration)
    .max(NOTIFICATION_MAX_DURATION_MS, `Default notification duration must be at most ${NOTIFICATION_MAX_DURATION_MS} ms`),
});

export const featureFlagsSchema = z.strictObject({
  showTutorials: flag,
  autoSave: flag,
  notifications: flag,
  soundEffects: flag,
});

export const preferencesSchema = z.strictObject({
  currentTheme: z.enum(THEMES, PREFERENCE_MESSAGES.theme),
  fontSize: z.enum(FONT_SIZES, PREFERENCE_MESSAGES.fontSize),
  language: z.enum(LANGUAGES, PREFERENCE_MESSAGES.language),
  animations: flag,
  reducedMotion: flag,
  highContrast: flag,
  sidebarCollapsed: flag,
  compactMode: flag,
  preferences: featureFlagsSchema,
  notificationSettings: notificationSettingsSchema,
});
export type Preferences = z.output<typeof preferencesSchema>;

/** A PUT may send any subset; the server lays it over what it has (or the defaults) and checks the whole. */
export const preferencesUpdateSchema = preferencesSchema
  .extend({
    preferences: featureFlagsSchema.partial(),
    notificationSettings: notificationSettingsSchema.partial(),
  })
  .partial();
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;

/** GET answers null when the account has never saved preferences (the browser's choice is then saved). */
export const preferencesResponseSchema = z.object({ preferences: preferencesSchema.nullable() });
export type PreferencesResponse = z.output<typeof preferencesResponseSchema>;

/**
 * Reads preferences from untrusted storage (an old browser entry, a hand-edited one): every
 * field that is valid is kept, every other one falls back to `base`.
 */
export function readPreferences(value: unknown, base: Preferences = DEFAULT_PREFERENCES): Preferences {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return base;
  const record = value as Record<string, unknown>;
  const pick = <T>(schema: z.ZodType<T>, raw: unknown, fallback: T): T => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : fallback;
  };
  const shape = preferencesSchema.shape;
  const groups = (raw: unknown): Record<string, unknown> =>
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const flags = groups(record.preferences);
  const notes = groups(record.notificationSettings);
  return {
    currentTheme: pick(shape.currentTheme, record.currentTheme, base.currentTheme),
    fontSize: pick(shape.fontSize, record.fontSize, base.fontSize),
    language: pick(shape.language, record.language, base.language),
    animations: pick(flag, record.animations, base.animations),
    reducedMotion: pick(flag, record.reducedMotion, base.reducedMotion),
    highContrast: pick(flag, record.highContrast, base.highContrast),
    sidebarCollapsed: pick(flag, record.sidebarCollapsed, base.sidebarCollapsed),
    compactMode: pick(flag, record.compactMode, base.compactMode),
    preferences: {
      showTutorials: pick(flag, flags.showTutorials, base.preferences.showTutorials),
      autoSave: pick(flag, flags.autoSave, base.preferences.autoSave),
      notifications: pick(flag, flags.notifications, base.preferences.notifications),
      soundEffects: pick(flag, flags.soundEffects, base.preferences.soundEffects),
    },
    notificationSettings: {
      position: pick(notificationSettingsSchema.shape.position, notes.position, base.notificationSettings.position),
      maxCount: pick(notificationSettingsSchema.shape.maxCount, notes.maxCount, base.notificationSettings.maxCount),
      defaultDuration: pick(
        notificationSettingsSchema.shape.defaultDuration,
        notes.defaultDuration,
        base.notificationSettings.defaultDuration,
      ),
    },
  };
}
