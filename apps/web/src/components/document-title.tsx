import { useSiteName } from '@/lib/settings/public-settings';

/** React 19 hoists <title> into <head>. The site name is the one an admin set in the settings. */
export function DocumentTitle({ title }: { title?: string }) {
  const site = useSiteName();
  return <title>{title ? `${title} · ${site}` : site}</title>;
}
