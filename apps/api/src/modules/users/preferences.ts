import {
  applyPreferencesUpdate,
  DEFAULT_PREFERENCES,
  type Language,
  type Preferences,
  type PreferencesUpdate,
  pickLanguage,
  preferencesSchema,
  readPreferences,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findPreferences, findPreferencesByEmail, updateUser } from './repository';

/** The account's stored preferences, or null when it never saved any (the browser's choice is then saved). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<Preferences | null> {
  const row = await findPreferences(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  // A stored value predating a schema change keeps its valid fields; the rest take defaults.
  return row.preferences ? readPreferences(row.preferences) : null;
}

/**
 * Lays an update over the stored preferences (or the defaults) and saves the whole, checked
 * object. The row is locked so two tabs saving different fields at once both land.
 */
export async function updatePreferences(deps: AppDeps, userId: string, update: PreferencesUpdate): Promise<Preferences> {
  return deps.db.transaction(async (tx) => {
    const row = await findPreferences(tx, userId, true);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    const base = row.preferences ? readPreferences(row.preferences) : DEFAULT_PREFERENCES;
    const next = preferencesSchema.parse(applyPreferencesUpdate(base, update));
    await updateUser(tx, userId, { preferences: next });
    return next;
  });
}

/** The language e-mails to this account go out in: its stored choice, else the one it is using now, else English. */
export function languageOf(user: { preferences: Preferences | null }, requestLanguage?: Language | null): Language {
  return user.preferences ? readPreferences(user.preferences).language : (requestLanguage ?? 'en');
}

/** The first supported language of a request's Accept-Language header (the storefront sends its active one). */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language | null {
  const header = headers['accept-language'];
  return pickLanguage(Array.isArray(header) ? header.join(',') : header);
}

/** The language of whoever owns an address (an admin inbox is usually an admin's account), else English. */
export async function languageOfAddress(db: DbOrTx, email: string): Promise<Language> {
  const row = await findPreferencesByEmail(db, email);
  return row ? languageOf(row) : 'en';
}
