import { DATASET_FILE_FORMATS, FRAMEWORKS, formatCount, type ListingCard, MODEL_FORMATS } from '@app/shared';
import type { TFunction } from 'i18next';
import { formatBytes, formatNumber } from './format';

const nameOf = (list: readonly { slug: string; name: string }[], slug: string) =>
  list.find((item) => item.slug === slug)?.name ?? slug;

type CardField =
  | 'task'
  | 'framework'
  | 'modelFormat'
  | 'parameters'
  | 'gpuMemory'
  | 'runsOnCpu'
  | 'rows'
  | 'columns'
  | 'fileFormats'
  | 'size'
  | 'source'
  | 'collectionMethod'
  | 'personalData'
  | 'hosting'
  | 'rateLimit'
  | 'languages';

/** One field of a listing card as buyers read it: `key` names the field (the same across products). */
export interface ListingCardRow {
  key: string;
  label: string;
  value: string;
}

/**
 * The category's fields of a listing card, labelled and formatted in the reader's language: the
 * product page's card and the compare table show them the same way.
 */
export function listingCardRows(card: ListingCard, t: TFunction): ListingCardRow[] {
  const yesNo = (value: boolean) => (value ? t('listingCard.yes') : t('listingCard.no'));
  const notStated = t('listingCard.notStated');
  const rows: ListingCardRow[] = [];
  const add = (key: CardField, value: string) => rows.push({ key, label: t(`listingCard.${key}`), value });
  if (card.model) {
    const model = card.model;
    add('task', model.task);
    add('framework', nameOf(FRAMEWORKS, model.framework));
    add('modelFormat', nameOf(MODEL_FORMATS, model.model_format));
    add('parameters', model.parameters === null ? notStated : formatCount(model.parameters));
    add(
      'gpuMemory',
      model.min_gpu_memory_gb === null
        ? notStated
        : model.min_gpu_memory_gb === 0
          ? t('listingCard.noGpu')
          : t('listingCard.gpuValue', { value: formatNumber(model.min_gpu_memory_gb) }),
    );
    add('runsOnCpu', yesNo(model.runs_on_cpu));
  }
  if (card.dataset) {
    const dataset = card.dataset;
    add('rows', formatNumber(dataset.rows));
    add('columns', formatNumber(dataset.columns));
    add('fileFormats', dataset.file_formats.map((format) => nameOf(DATASET_FILE_FORMATS, format)).join(', '));
    add('size', dataset.size_mb === null ? notStated : formatBytes(dataset.size_mb * 1_000_000));
    add('source', dataset.source || notStated);
    add('collectionMethod', dataset.collection_method || notStated);
    add('personalData', yesNo(dataset.contains_personal_data));
  }
  if (card.api) {
    const api = card.api;
    add('hosting', t(`listingCard.hostingOptions.${api.hosting}`, { defaultValue: api.hosting }));
    add('rateLimit', api.rate_limit || notStated);
    add('languages', api.languages.join(', '));
  }
  return rows;
}
