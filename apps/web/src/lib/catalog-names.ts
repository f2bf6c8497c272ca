import { CATEGORIES, LICENSES } from '@app/shared';
import { i18n } from '@/lib/i18n';

type LooseT = (key: string, options: Record<string, unknown>) => string;
const t = (key: string, defaultValue: string) => (i18n.t as unknown as LooseT)(key, { defaultValue });

/** A category's name in the visitor's language ('ai-tools' → 'AI Tools'); unknown slugs come back as given. */
export function categoryName(slug: string): string {
  const english = CATEGORIES.find((category) => category.slug === slug)?.name ?? slug;
  return t(`catalogNames.categories.${slug}`, english);
}

/** A licence's name in the visitor's language ('open-source' → 'Open Source'). */
export function licenseName(slug: string): string {
  const english = LICENSES.find((license) => license.slug === slug)?.name ?? slug;
  return t(`catalogNames.licenses.${slug}`, english);
}
