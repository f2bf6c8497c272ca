import { type CategorySlug, cardKindOf, type LicenseSlug, type StoredListingCard } from '@app/shared';

/**
 * Realistic AI listing cards for the demo shop and the benchmark's bulk catalogue: a card per
 * category kind, chosen from the title's words where they tell (a speech model, an image dataset),
 * else from a short list by number, so the catalogue's card facets have a spread to filter on.
 * Model formats are only those the demo ships a real weights file in (weights.ts); the demo then
 * counts the parameters from that file.
 */

type ModelPreset = NonNullable<StoredListingCard['model']>;
type DatasetPreset = NonNullable<StoredListingCard['dataset']>;
type ApiPreset = NonNullable<StoredListingCard['api']>;

const MODELS: { words: RegExp; card: ModelPreset }[] = [
  {
    words: /llm|fine-tun/i,
    card: {
      task: 'Text generation',
      framework: 'pytorch',
      model_format: 'safetensors',
      parameters: 13_000_000_000,
      min_gpu_memory_gb: 28,
      runs_on_cpu: false,
    },
  },
  {
    words: /object detection/i,
    card: {
      task: 'Object detection',
      framework: 'keras',
      model_format: 'onnx',
      parameters: 25_000_000,
      min_gpu_memory_gb: 8,
      runs_on_cpu: true,
    },
  },
  {
    words: /image|vision|plant|face|handwriting|invoice|layout/i,
    card: {
      task: 'Image classification',
      framework: 'pytorch',
      model_format: 'safetensors',
      parameters: 86_000_000,
      min_gpu_memory_gb: 4,
      runs_on_cpu: true,
    },
  },
  {
    words: /sentiment|spam|intent|toxic|comment|text classif/i,
    card: {
      task: 'Text classification',
      framework: 'pytorch',
      model_format: 'safetensors',
      parameters: 110_000_000,
      min_gpu_memory_gb: 2,
      runs_on_cpu: true,
    },
  },
  {
    words: /speech|voice|audio|keyword spotting|emotion|speaker|diarization/i,
    card: {
      task: 'Speech recognition',
      framework: 'onnx',
      model_format: 'onnx',
      parameters: 39_000_000,
      min_gpu_memory_gb: 0,
      runs_on_cpu: true,
    },
  },
  {
    words: /code|chat|completion|question|summar|language|text/i,
    card: {
      task: 'Text generation',
      framework: 'llama-cpp',
      model_format: 'gguf',
      parameters: 7_000_000_000,
      min_gpu_memory_gb: 6,
      runs_on_cpu: true,
    },
  },
  {
    words: /embedding|semantic|search|matching/i,
    card: {
      task: 'Sentence embeddings',
      framework: 'jax',
      model_format: 'safetensors',
      parameters: 335_000_000,
      min_gpu_memory_gb: 2,
      runs_on_cpu: true,
    },
  },
  {
    words: /fraud|churn|credit|risk|tabular|automl|scoring|price optimi/i,
    card: {
      task: 'Tabular classification',
      framework: 'scikit-learn',
      // Exported with skl2onnx: no pickle for a buyer to load.
      model_format: 'onnx',
      parameters: null,
      min_gpu_memory_gb: 0,
      runs_on_cpu: true,
    },
  },
  {
    words: /forecast|demand|time series|anomaly/i,
    card: {
      task: 'Time series forecasting',
      framework: 'tensorflow',
      model_format: 'onnx',
      parameters: 12_000_000,
      min_gpu_memory_gb: 2,
      runs_on_cpu: true,
    },
  },
  {
    words: /topic/i,
    card: {
      task: 'Topic modeling',
      framework: 'scikit-learn',
      model_format: 'onnx',
      parameters: null,
      min_gpu_memory_gb: 0,
      runs_on_cpu: true,
    },
  },
  {
    words: /recommend/i,
    card: {
      task: 'Recommendation',
      framework: 'xgboost',
      model_format: 'onnx',
      parameters: null,
      min_gpu_memory_gb: null,
      runs_on_cpu: true,
    },
  },
];

/** Large models for the rest: the GPU memory facet needs models past 8 GB too. */
const LARGE_MODELS: ModelPreset[] = [
  {
    task: 'Text generation',
    framework: 'pytorch',
    model_format: 'safetensors',
    parameters: 13_000_000_000,
    min_gpu_memory_gb: 28,
    runs_on_cpu: false,
  },
  {
    task: 'Image generation',
    framework: 'pytorch',
    model_format: 'safetensors',
    parameters: 2_600_000_000,
    min_gpu_memory_gb: 12,
    runs_on_cpu: false,
  },
  {
    task: 'Object detection',
    framework: 'keras',
    model_format: 'onnx',
    parameters: 25_000_000,
    min_gpu_memory_gb: 8,
    runs_on_cpu: true,
  },
];

const DATASETS: { words: RegExp; card: DatasetPreset }[] = [
  {
    words: /image|scene|photo|face/i,
    card: {
      rows: 48_000,
      columns: 4,
      file_formats: ['images', 'csv'],
      size_mb: 6200,
      source: 'Street and shop photos taken by the seller’s team in 12 cities',
      collection_method: 'Photographed 2023–2025, boxes drawn and checked by two annotators',
      contains_personal_data: false,
    },
  },
  {
    words: /speech|audio|command/i,
    card: {
      rows: 65_000,
      columns: 3,
      file_formats: ['audio', 'csv'],
      size_mb: 2400,
      source: 'Volunteers recorded through a web app, with written consent',
      collection_method: 'One-second clips, 35 words, normalised to 16 kHz mono',
      contains_personal_data: true,
    },
  },
  {
    words: /medical|transcript|job|resume|email|ticket|legal|contract/i,
    card: {
      rows: 120_000,
      columns: 9,
      file_formats: ['jsonl', 'parquet'],
      size_mb: 830,
      source: 'Licensed documents from partner organisations',
      collection_method: 'Names, addresses and ids replaced by placeholders before release',
      contains_personal_data: true,
    },
  },
  {
    words: /.*/,
    card: {
      rows: 2_500_000,
      columns: 14,
      file_formats: ['csv', 'parquet'],
      size_mb: 410,
      source: 'Public web pages and open government data',
      collection_method: 'Crawled monthly, deduplicated and labelled with a reviewed classifier',
      contains_personal_data: false,
    },
  },
];

const APIS: ApiPreset[] = [
  { hosting: 'hosted', rate_limit: '60 requests per minute', languages: ['Python', 'JavaScript', 'cURL'] },
  { hosting: 'both', rate_limit: '10,000 requests per day', languages: ['Python', 'Go'] },
  { hosting: 'self-hosted', rate_limit: '', languages: ['Docker', 'Python'] },
  { hosting: 'hosted', rate_limit: '5 requests per second', languages: ['JavaScript', 'TypeScript', 'Java'] },
];

/** A licence that suits the category: open licences for models and datasets more often, commercial for tools. */
export function demoLicense(category: CategorySlug, index: number): LicenseSlug {
  const byKind: Record<string, LicenseSlug[]> = {
    model: ['apache-2.0', 'mit', 'cc-by-nc-4.0', 'commercial-single-seat', 'commercial-team', 'custom'],
    dataset: ['cc-by-4.0', 'cc-by-nc-4.0', 'commercial-team', 'commercial-single-seat', 'mit'],
    api: ['commercial-single-seat', 'commercial-team', 'mit', 'custom'],
    none: ['commercial-single-seat', 'commercial-team', 'mit', 'apache-2.0'],
  };
  const list = byKind[cardKindOf(category) ?? 'none'] as LicenseSlug[];
  return list[index % list.length] as LicenseSlug;
}

const CUSTOM_LICENSE = {
  license_text:
    'You may use and modify this product in your own commercial projects. You may not resell or share the files themselves, or use them to train a competing product.',
  commercial_use: true,
  redistribution: false,
  modification: true,
} as const;

/**
 * The card of a demo or bulk product, from its category, title, licence and number: a model's from
 * the first preset its title's words match (the demo shop's titles all match one), else a large
 * model. The bulk catalogue gives every fourth model a large model's card whatever its title, so
 * the GPU memory facet has a spread there.
 */
export function demoCard(
  category: CategorySlug,
  title: string,
  license: LicenseSlug,
  index: number,
  options: { spread?: boolean } = {},
): StoredListingCard {
  const card: StoredListingCard = license === 'custom' ? { ...CUSTOM_LICENSE } : {};
  switch (cardKindOf(category)) {
    case 'model': {
      const matched = options.spread && index % 4 === 3 ? undefined : MODELS.find((preset) => preset.words.test(title));
      card.model = matched?.card ?? (LARGE_MODELS[index % LARGE_MODELS.length] as ModelPreset);
      break;
    }
    case 'dataset':
      card.dataset = (DATASETS.find((preset) => preset.words.test(title)) as (typeof DATASETS)[number]).card;
      break;
    case 'api':
      card.api = APIS[index % APIS.length] as ApiPreset;
      break;
    default:
      break;
  }
  return card;
}

/** How many card variants each category has in the bulk catalogue. */
export const BULK_CARD_VARIANTS = 12;

const BULK_TITLES = ['sentiment', 'image', 'speech', 'code', 'embedding', 'fraud', 'forecast', 'recommend', 'medical', ''];

/**
 * The bulk catalogue's licences and cards (as JSON text), BULK_CARD_VARIANTS per category in
 * CATEGORIES order: entry `category * BULK_CARD_VARIANTS + variant`.
 */
export function bulkCards(categories: readonly CategorySlug[]): { licenses: string[]; cards: string[] } {
  const licenses: string[] = [];
  const cards: string[] = [];
  for (const category of categories)
    for (let variant = 0; variant < BULK_CARD_VARIANTS; variant += 1) {
      const license = demoLicense(category, variant);
      licenses.push(license);
      cards.push(
        JSON.stringify(
          demoCard(category, BULK_TITLES[variant % BULK_TITLES.length] as string, license, variant, { spread: true }),
        ),
      );
    }
  return { licenses, cards };
}
