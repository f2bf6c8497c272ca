import {
  DEFAULT_PREFERENCES,
  FONT_SIZES,
  LANGUAGES,
  NOTIFICATION_MAX_COUNT_LIMIT,
  NOTIFICATION_MAX_DURATION_MS,
  NOTIFICATION_POSITIONS,
  type Preferences,
  type PreferencesUpdate,
  THEMES,
} from '@app/shared';

/**
 * The shared preference schemas' rules (packages/shared/src/preferences.ts), checked without zod:
 * these run before the first render, and zod would add ~25 kB gzip to the first page.
 * preference-checks.test.ts holds them to the same answers as the schemas.
 */

type Check = (value: unknown) => boolean;

const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
const flag: Check = (value) => typeof value === 'boolean';
const wholeNumber =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

const TOP: Record<Exclude<keyof Preferences, 'preferences' | 'notificationSettings'>, Check> = {
  currentTheme: oneOf(THEMES),
  fontSize: oneOf(FONT_SIZES),
  language: oneOf(LANGUAGES),
  animations: flag,
  reducedMotion: flag,
  highContrast: flag,
  sidebarCollapsed: flag,
  compactMode: flag,
};
const FLAGS: Record<keyof Preferences['preferences'], Check> = {
  showTutorials: flag,
  autoSave: flag,
  notifications: flag,
  soundEffects: flag,
};
const NOTES: Record<keyof Preferences['notificationSettings'], Check> = {
  position: oneOf(NOTIFICATION_POSITIONS),
  maxCount: wholeNumber(1, NOTIFICATION_MAX_COUNT_LIMIT),
  defaultDuration: wholeNumber(0, NOTIFICATION_MAX_DURATION_MS),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every key known and valid; with `partial`, keys may be missing (or undefined). */
function fits(value: unknown, checks: Record<string, Check>, partial: boolean): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  if (Object.keys(value).some((key) => !Object.hasOwn(checks, key))) return false;
  return Object.entries(checks).every(([key, check]) => (partial && value[key] === undefined ? true : check(value[key])));
}

function fitsGroups(value: Record<string, unknown>, partial: boolean): boolean {
  const { preferences, notificationSettings, ...top } = value;
  if (partial) {
    return (
      fits(top, TOP, true) &&
      (preferences === undefined || fits(preferences, FLAGS, true)) &&
      (notificationSettings === undefined || fits(notificationSettings, NOTES, true))
    );
  }
  return fits(top, TOP, false) && fits(preferences, FLAGS, false) && fits(notificationSettings, NOTES, false);
}

/** `preferencesSchema.parse`: the value itself when it is a complete, valid preferences object, else it throws. */
export function checkPreferences(value: unknown): Preferences {
  if (isRecord(value) && fitsGroups(value, false)) return value as Preferences;
  throw new TypeError('Preferences are not valid');
}

/** `preferencesUpdateSchema.safeParse`: a valid (partial) update, or an empty one for anything else. */
export function readPreferencesUpdate(value: unknown): PreferencesUpdate {
  return isRecord(value) && fitsGroups(value, true) ? (value as PreferencesUpdate) : {};
}

/**
 * `readPreferences` from untrusted storage: every field that is valid is kept, every other one
 * falls back to `base`.
 */
export function readPreferences(value: unknown, base: Preferences = DEFAULT_PREFERENCES): Preferences {
  if (!isRecord(value)) return base;
  const pick = <T>(check: Check, raw: unknown, fallback: T): T => (check(raw) ? (raw as T) : fallback);
  const flags = isRecord(value.preferences) ? value.preferences : {};
  const notes = isRecord(value.notificationSettings) ? value.notificationSettings : {};
  return {
    currentTheme: pick(TOP.currentTheme, value.currentTheme, base.currentTheme),
    fontSize: pick(TOP.fontSize, value.fontSize, base.fontSize),
    language: pick(TOP.language, value.language, base.language),
    animations: pick(flag, value.animations, base.animations),
    reducedMotion: pick(flag, value.reducedMotion, base.reducedMotion),
    highContrast: pick(flag, value.highContrast, base.highContrast),
    sidebarCollapsed: pick(flag, value.sidebarCollapsed, base.sidebarCollapsed),
    compactMode: pick(flag, value.compactMode, base.compactMode),
    preferences: {
      showTutorials: pick(flag, flags.showTutorials, base.preferences.showTutorials),
      autoSave: pick(flag, flags.autoSave, base.preferences.autoSave),
      notifications: pick(flag, flags.notifications, base.preferences.notifications),
      soundEffects: pick(flag, flags.soundEffects, base.preferences.soundEffects),
    },
    notificationSettings: {
      position: pick(NOTES.position, notes.position, base.notificationSettings.position),
      maxCount: pick(NOTES.maxCount, notes.maxCount, base.notificationSettings.maxCount),
      defaultDuration: pick(NOTES.defaultDuration, notes.defaultDuration, base.notificationSettings.defaultDuration),
    },
  };
}
