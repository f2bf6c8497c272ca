import { randomUUID } from 'node:crypto';
import type { Storage } from '../../lib/storage';
import { type DatasetAnalysis, insertDatasetPreviews, previewRow, previewStoredFile } from '../../modules/dataset-previews';
import type { Tx } from '../client';

/** The demo's data files: a real small CSV per dataset, previewed like an upload so product pages show it. */

const TEXTS = [
  ['Great product, works as described', 'positive'],
  ['Arrived late and incomplete', 'negative'],
  ['Does the job', 'neutral'],
  ['The "pro" version is worth it', 'positive'],
  ['Support never answered my ticket', 'negative'],
  ['Okay for the price', 'neutral'],
  ['Exceeded my expectations, would buy again', 'positive'],
  ['Stopped working after a week', 'negative'],
] as const;
const LANGUAGES = ['en', 'en', 'en', 'de', 'fr', 'es'] as const;

/** A deterministic CSV of 60 labelled reviews (quoted commas and quotes included), different per title. */
export function demoDatasetCsv(title: string): string {
  let seed = 0;
  for (const ch of title) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const lines = ['id,text,label,rating,language,collected_on,confidence'];
  for (let i = 0; i < 60; i += 1) {
    const pick = (seed + i * 7) % TEXTS.length;
    const [text, label] = TEXTS[pick] as (typeof TEXTS)[number];
    const rating = label === 'positive' ? 4 + (i % 2) : label === 'negative' ? 1 + (i % 2) : 3;
    const day = String(1 + ((seed + i) % 28)).padStart(2, '0');
    const confidence = i % 13 === 5 ? '' : (0.55 + ((seed + i * 17) % 45) / 100).toFixed(2);
    lines.push(
      `${i + 1},"${text.replaceAll('"', '""')}",${label},${rating},${LANGUAGES[(seed + i) % LANGUAGES.length]},2025-03-${day},${confidence}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Previews of the demo's stored data files, collected before the files are inserted and saved with them. */
export class DemoPreviews {
  private readonly made: { productId: string; fileId: string; analysis: DatasetAnalysis }[] = [];
  private readonly fileIds = new Map<string, string>();

  /** Previews one stored file when it is a data file (the file then gets its id here). */
  async make(storage: Storage, productId: string, key: string, fileName: string): Promise<void> {
    const analysis = await previewStoredFile(storage, key, fileName);
    if (!analysis) return;
    const fileId = randomUUID();
    this.fileIds.set(key, fileId);
    this.made.push({ productId, fileId, analysis });
  }

  /** The id a previewed file must be inserted with (undefined: any). */
  fileId(key: string): string | undefined {
    return this.fileIds.get(key);
  }

  async save(tx: Tx): Promise<void> {
    for (const { productId, fileId, analysis } of this.made) {
      await insertDatasetPreviews(tx, productId, [previewRow(fileId, analysis)]);
    }
  }
}
