import { z } from 'zod';

/**
 * Download limits (apps/api/src/modules/downloads): a seller may cap how many times each order
 * line of a product can be downloaded (as Easy Digital Downloads does); null is unlimited. An order
 * line keeps the cap in force when it was ordered; each download of a file, of the product's zip
 * or of the order's zip uses one.
 */

export const DOWNLOAD_LIMIT_MAX = 1000;
export const DOWNLOAD_LIMIT_MESSAGE = 'Download limit must be a whole number from 1 to 1,000, or empty for unlimited';
export const DOWNLOAD_LIMIT_REACHED =
  'You have used every download of this product in this order. Contact the seller if you need another.';

/** A seller's cap on downloads per order line; null: unlimited. */
export const downloadLimitSchema = z.object({
  download_limit: z
    .number({ error: DOWNLOAD_LIMIT_MESSAGE })
    .int(DOWNLOAD_LIMIT_MESSAGE)
    .min(1, DOWNLOAD_LIMIT_MESSAGE)
    .max(DOWNLOAD_LIMIT_MAX, DOWNLOAD_LIMIT_MESSAGE)
    .nullable(),
});
export type DownloadLimitInput = z.input<typeof downloadLimitSchema>;

export const downloadLimitAnswerSchema = downloadLimitSchema.extend({ product_id: z.string() });
export type DownloadLimitSetting = z.output<typeof downloadLimitAnswerSchema>;

/** The product form's text box: blank is unlimited (null), anything else must be a whole number in range. */
export function parseDownloadLimitText(
  text: string,
): { ok: true; value: number | null } | { ok: false; message: typeof DOWNLOAD_LIMIT_MESSAGE } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const parsed = downloadLimitSchema.safeParse({ download_limit: /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN });
  return parsed.success ? { ok: true, value: parsed.data.download_limit } : { ok: false, message: DOWNLOAD_LIMIT_MESSAGE };
}
