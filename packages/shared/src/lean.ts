import type { z } from 'zod';
import type { Preferences, preferencesUpdateSchema } from './preferences';

/**
 * The constants and helpers the storefront's first pages (`/`, `/products`) need, defined without zod
 * so importing them does not pull a schema module (and zod) into those pages: a schema module builds
 * its schemas when it is evaluated, which the browser pays for before the page can answer. The
 * schema modules (catalog.ts, settings.ts, preferences.ts) re-export each of them: `@app/shared`
 * stays the one way to import them. What only the catalogue pages read is in ./lean-catalogue.ts.
 */

export const CATEGORIES = [
  { slug: 'ai-tools', name: 'AI Tools' },
  { slug: 'scripts', name: 'Scripts' },
  { slug: 'datasets', name: 'Datasets' },
  { slug: 'apis', name: 'APIs' },
  { slug: 'ml-modules', name: 'ML Modules' },
  { slug: 'prompt-packs', name: 'Prompt Packs' },
  { slug: 'models', name: 'Models' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/**
 * The licences a listing can carry (the AI listing card's fixed list). Each but `custom` has a fixed
 * plain-language summary (LICENSE_TERMS in listing-card.ts); a custom licence brings its own text
 * and summary.
 */
export const LICENSES = [
  { slug: 'mit', name: 'MIT' },
  { slug: 'apache-2.0', name: 'Apache-2.0' },
  { slug: 'cc-by-4.0', name: 'CC-BY-4.0' },
  { slug: 'cc-by-nc-4.0', name: 'CC-BY-NC-4.0' },
  { slug: 'commercial-single-seat', name: 'Commercial, single seat' },
  { slug: 'commercial-team', name: 'Commercial, team' },
  { slug: 'custom', name: 'Custom licence' },
] as const;
export type LicenseSlug = (typeof LICENSES)[number]['slug'];

/**
 * The licences of the first catalogue (spec §3: Standard, Extended, Commercial, Open Source), still
 * accepted from older clients and links and read as the licence that replaced each (migration 0027).
 */
export const LEGACY_LICENSES: Readonly<Record<string, LicenseSlug>> = {
  standard: 'commercial-single-seat',
  extended: 'commercial-team',
  commercial: 'commercial-team',
  'open-source': 'mit',
  'open source': 'mit',
};

/** The licence a new listing gets when none is chosen. */
export const DEFAULT_LICENSE: LicenseSlug = 'commercial-single-seat';

/** 'AI Tools', 'ai-tools' and 'ai tools' all name the same category. */
export function findCategory(value: string | null | undefined) {
  const key = (value ?? '').trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === key || c.name.toLowerCase() === key || c.slug === key.replace(/\s+/g, '-'));
}

/** A licence by slug or name ('MIT', 'apache-2.0'); the first catalogue's licences ('Standard') give their replacement. */
export function findLicense(value: string | null | undefined) {
  const key = (value ?? '').trim().toLowerCase();
  const legacy = LEGACY_LICENSES[key] ?? LEGACY_LICENSES[key.replace(/\s+/g, '-')];
  const slug = legacy ?? key;
  return LICENSES.find((l) => l.slug === slug || l.name.toLowerCase() === key || l.slug === key.replace(/\s+/g, '-'));
}

export const SOCIAL_NETWORKS = ['x', 'linkedin', 'github', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

export const FONT_SIZES = ['small', 'medium', 'large', 'extra-large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Spec §9 Font sizes: the root font size for each choice. */
export const FONT_SIZE_PX: Record<FontSize, number> = { small: 14, medium: 16, large: 18, 'extra-large': 20 };

export const NOTIFICATION_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];

/** The largest toast stack and longest default duration we accept (beyond these the screen is unusable). */
export const NOTIFICATION_MAX_COUNT_LIMIT = 10;
export const NOTIFICATION_MAX_DURATION_MS = 60_000;

export const PREFERENCE_MESSAGES = {
  theme: 'Theme must be light or dark',
  fontSize: 'Font size must be small, medium, large or extra-large',
  language: 'Language must be one of en, es, fr, de, zh, ja',
  position: 'Notification position is not valid',
  maxCount: 'Maximum notification count must be above 0',
  duration: 'Default notification duration must be 0 or more',
} as const;

export const DEFAULT_PREFERENCES: Preferences = {
  currentTheme: 'light',
  fontSize: 'medium',
  language: 'en',
  animations: true,
  reducedMotion: false,
  highContrast: false,
  sidebarCollapsed: false,
  compactMode: false,
  preferences: { showTutorials: true, autoSave: true, notifications: true, soundEffects: false },
  notificationSettings: { position: 'top-right', maxCount: 3, defaultDuration: 4000 },
};

/** Lays an update over a full preferences object (nested groups merged, not replaced). */
export function applyPreferencesUpdate(base: Preferences, update: z.output<typeof preferencesUpdateSchema>): Preferences {
  return {
    ...base,
    ...update,
    preferences: { ...base.preferences, ...update.preferences },
    notificationSettings: { ...base.notificationSettings, ...update.notificationSettings },
  };
}

/** The first supported language in an `Accept-Language` header or `navigator.languages` list, if any. */
export function pickLanguage(candidates: readonly string[] | string | null | undefined): Language | null {
  const list =
    typeof candidates === 'string'
      ? candidates
          .split(',')
          .map((part) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
          })
          .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
          .sort((a, b) => b.q - a.q)
          .map((entry) => entry.tag)
      : (candidates ?? []);
  for (const tag of list) {
    const primary = tag.toLowerCase().split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary;
  }
  return null;
}
