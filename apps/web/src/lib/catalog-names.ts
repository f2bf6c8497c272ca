import { CATEGORIES, findLicense } from '@app/shared';
import { i18n } from '@/lib/i18n';

type LooseT = (key: string, options: Record<string, unknown>) => string;
const t = (key: string, defaultValue: string) => (i18n.t as unknown as LooseT)(key, { defaultValue });

/**
 * A category's name in the visitor's language, from its slug or English name ('ai-tools' or
 * 'AI Tools' → 'KI-Tools' in German); anything unknown comes back as given.
 */
export function categoryName(slugOrName: string): string {
  const category = CATEGORIES.find((c) => c.slug === slugOrName || c.name === slugOrName);
  return category ? t(`catalogNames.categories.${category.slug}`, category.name) : slugOrName;
}

/** A licence's name in the visitor's language, from its slug or English name (a first-catalogue name reads as its replacement). */
export function licenseName(slugOrName: string): string {
  const license = slugOrName ? findLicense(slugOrName) : undefined;
  return license ? t(`catalogNames.licenses.${license.slug}`, license.name) : slugOrName;
}
