/**
 * The message format every part of the product reads: a flat table of stable ids → text per
 * language, with i18next's `{{name}}` interpolation and its plural keys (`id_one`, `id_other`, …
 * chosen by `Intl.PluralRules` when a numeric `count` is given). The web renders the same tables
 * with i18next itself; the server renders them with `interpolate` below, so both read one format.
 */

export type MessageTable = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;

/** `{{name}}` (spaces allowed) replaced by its value; a placeholder without a value stays as written. Values are inserted once, never read as placeholders. */
export function interpolate(text: string, values: MessageValues = {}): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** The text of `id` in `table`, its plural form picked like i18next does when `count` is a number. */
export function pickText(table: MessageTable, language: string, id: string, values: MessageValues = {}): string | undefined {
  const count = values.count;
  if (typeof count === 'number') {
    const form = table[`${id}_${new Intl.PluralRules(language).select(count)}`] ?? table[`${id}_other`];
    if (form !== undefined) return form;
  }
  return table[id];
}

/** text → id over a table whose texts are unique (the English one); throws if two ids share a text. */
export function indexByText(table: MessageTable): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [id, text] of Object.entries(table)) {
    const other = index.get(text);
    if (other !== undefined) throw new Error(`Messages ${other} and ${id} have the same English text: ${JSON.stringify(text)}`);
    index.set(text, id);
  }
  return index;
}
