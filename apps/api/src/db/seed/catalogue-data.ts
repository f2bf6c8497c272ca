import type { CategorySlug } from '@app/shared';

/** The demo catalogue's raw material: sellers and product names per category. */

export const DEMO_SELLERS = [
  { email: 'seller@example.com', firstName: 'Sam', lastName: 'Seller' },
  { email: 'neuralforge@example.com', firstName: 'NeuralForge', lastName: 'Labs' },
  { email: 'dataharbor@example.com', firstName: 'DataHarbor', lastName: 'Co' },
  { email: 'promptsmith@example.com', firstName: 'PromptSmith', lastName: 'Studio' },
  { email: 'scriptworks@example.com', firstName: 'ScriptWorks', lastName: 'Collective' },
  { email: 'modelmint@example.com', firstName: 'ModelMint', lastName: 'AI' },
] as const;

/** What each demo seller says on their public page (`/sellers/{id}`), by e-mail. */
export const DEMO_SELLER_PAGES: Record<string, { bio: string; links: { label: string; url: string }[] }> = {
  'seller@example.com': {
    bio: 'Independent maker of small, practical AI tools. Every product ships with a README and a worked example.',
    links: [{ label: 'Website', url: 'https://sam-seller.example.com' }],
  },
  'neuralforge@example.com': {
    bio: 'A research team turning open papers into models you can run: fine-tuned checkpoints in safetensors and GGUF, with benchmarks.',
    links: [
      { label: 'Website', url: 'https://neuralforge.example.com' },
      { label: 'GitHub', url: 'https://github.com/neuralforge-example' },
    ],
  },
  'dataharbor@example.com': {
    bio: 'Curated tabular and text datasets, collected with consent and documented column by column.',
    links: [{ label: 'Data sheets', url: 'https://dataharbor.example.com/datasheets' }],
  },
  'promptsmith@example.com': {
    bio: 'Prompt packs tested across the major chat models, updated when the models change.',
    links: [{ label: 'Blog', url: 'https://promptsmith.example.com/blog' }],
  },
  'scriptworks@example.com': {
    bio: 'Automation scripts and API clients from a collective of freelance engineers.',
    links: [],
  },
  'modelmint@example.com': {
    bio: 'Compact models for CPUs and small GPUs, quantised and ready to deploy.',
    links: [{ label: 'Website', url: 'https://modelmint.example.com' }],
  },
};

/**
 * Demo shoppers. Every sale in the demo is one of their paid orders, and only a buyer of a product
 * reviews it. buyer@example.com (README) owns one product per category without having reviewed it.
 */
export const DEMO_BUYERS = [
  { email: 'buyer@example.com', firstName: 'Ava', lastName: 'Buyer' },
  { email: 'reviewer1@example.com', firstName: 'Priya', lastName: 'Nair' },
  { email: 'reviewer2@example.com', firstName: 'Marco', lastName: 'Rossi' },
  { email: 'reviewer3@example.com', firstName: 'Lena', lastName: 'Fischer' },
  { email: 'reviewer4@example.com', firstName: 'Omar', lastName: 'Haddad' },
  { email: 'hana.sato@example.com', firstName: 'Hana', lastName: 'Sato' },
  { email: 'diego.alvarez@example.com', firstName: 'Diego', lastName: 'Alvarez' },
  { email: 'chloe.martin@example.com', firstName: 'Chloé', lastName: 'Martin' },
  { email: 'wei.zhang@example.com', firstName: 'Wei', lastName: 'Zhang' },
  { email: 'fatima.khan@example.com', firstName: 'Fatima', lastName: 'Khan' },
  { email: 'jonas.berg@example.com', firstName: 'Jonas', lastName: 'Berg' },
  { email: 'amara.okafor@example.com', firstName: 'Amara', lastName: 'Okafor' },
  { email: 'lucas.silva@example.com', firstName: 'Lucas', lastName: 'Silva' },
  { email: 'sofia.rossi@example.com', firstName: 'Sofia', lastName: 'Rossi' },
  { email: 'noah.williams@example.com', firstName: 'Noah', lastName: 'Williams' },
  { email: 'yuki.tanaka@example.com', firstName: 'Yuki', lastName: 'Tanaka' },
] as const;

/**
 * Fixed prices (cents) for a few products, so every assistant example in the README finds something:
 * the small sample datasets answer "cheapest dataset under $50".
 */
export const FIXED_PRICES: Record<string, number> = {
  'Support Email Intent Sample': 1900,
  'Product Review Snippets Starter Set': 2900,
  'Receipt Images Mini Dataset': 4500,
};

export const PRODUCT_NAMES: Record<CategorySlug, string[]> = {
  'ai-tools': [
    'Customer Support Chatbot Starter Kit',
    'AI Image Generator Pro',
    'Meeting Notes Summarizer',
    'Smart Email Reply Assistant',
    'AI Resume Screener',
    'Voice Transcription Studio',
    'Code Review Copilot',
    'Social Media Caption Writer',
    'AI Logo Designer',
    'Document Q&A Assistant',
    'Sales Call Analyzer',
    'AI Video Subtitle Generator',
    'Product Description Writer',
    'Knowledge Base Chatbot',
    'AI Translation Workbench',
    'Sentiment Dashboard',
    'Invoice Data Extractor',
    'AI Interview Coach',
  ],
  scripts: [
    'Web Scraper Toolkit for Python',
    'Automated Report Generator',
    'CSV Cleaning Scripts',
    'Discord Moderation Bot',
    'Telegram Chatbot Template',
    'PDF Batch Processor',
    'Image Resizer and Optimizer',
    'Log Anomaly Detector Script',
    'Stock Price Alert Bot',
    'SEO Keyword Extractor',
    'Email Campaign Automator',
    'YouTube Transcript Fetcher',
    'Data Backup Automation',
    'Twitter Sentiment Scraper',
    'Jupyter Notebook Templates',
    'OCR Receipt Scanner Script',
    'Slack Standup Bot',
    'Web Accessibility Checker',
  ],
  datasets: [
    'Customer Reviews Sentiment Dataset',
    'Retail Sales Time Series',
    'Medical Transcripts Corpus',
    'Multilingual Intent Dataset',
    'Street Scene Images Labeled',
    'Financial News Headlines',
    'Job Postings Dataset 2025',
    'Product Catalog Embeddings',
    'Support Tickets Classification Set',
    'Fraud Detection Transactions',
    'Real Estate Listings Dataset',
    'Speech Commands Audio Set',
    'Recipe Ingredients Dataset',
    'Legal Contracts Clauses',
    'Traffic Sign Images',
    'E-commerce Clickstream Logs',
    'Weather Observations Archive',
    'Chatbot Conversation Logs',
    'Support Email Intent Sample',
    'Product Review Snippets Starter Set',
    'Receipt Images Mini Dataset',
  ],
  apis: [
    'Text Moderation API',
    'Language Detection API',
    'Address Validation API',
    'Image Tagging API',
    'Named Entity Recognition API',
    'Currency Exchange Rates API',
    'Text Summarization API',
    'Face Blur API',
    'Keyword Extraction API',
    'Speech to Text API',
    'PDF to JSON API',
    'Spam Classifier API',
    'Translation API Gateway',
    'Embeddings Search API',
    'Background Removal API',
    'Toxicity Scoring API',
    'Receipt Parsing API',
    'Readability Score API',
  ],
  'ml-modules': [
    'Churn Prediction Module',
    'Demand Forecasting Module',
    'Recommendation Engine Module',
    'Anomaly Detection Module',
    'Text Classification Pipeline',
    'Image Classification Module',
    'Time Series Feature Builder',
    'Entity Matching Module',
    'Credit Risk Scoring Module',
    'Topic Modeling Toolkit',
    'Object Detection Module',
    'AutoML Tabular Starter',
    'Question Answering Module',
    'Semantic Search Module',
    'Speaker Diarization Module',
    'Price Optimization Module',
    'Lead Scoring Module',
    'Fine-tuning Toolkit for LLMs',
  ],
  'prompt-packs': [
    'Marketing Copy Prompt Pack',
    'Midjourney Portrait Prompts',
    'Coding Interview Prompt Pack',
    'SEO Blog Writing Prompts',
    'Customer Support Prompt Library',
    'Product Manager Prompt Pack',
    'Legal Drafting Prompts',
    'Teacher Lesson Plan Prompts',
    'Startup Pitch Deck Prompts',
    'UX Research Prompt Pack',
    'Fantasy Art Prompt Collection',
    'Data Analysis Prompt Pack',
    'Cold Email Prompt Pack',
    'Podcast Script Prompts',
    'Recruiting Prompt Library',
    'Fitness Coach Prompts',
    'E-commerce Listing Prompts',
    'Storytelling Prompt Pack',
  ],
  models: [
    'Compact Sentiment Model',
    'Invoice Layout Model',
    'Product Image Classifier Model',
    'Small Code Completion Model',
    'Speech Emotion Model',
    'Spam Detection Model',
    'Handwriting Recognition Model',
    'Keyword Spotting Model',
    'Tabular Fraud Model',
    'Retail Demand Model',
    'Multilingual Embedding Model',
    'Chatbot Intent Model',
    'Plant Disease Detection Model',
    'Face Landmark Model',
    'News Topic Model',
    'Toxic Comment Model',
    'Document Layout Model',
    'Time Series Forecast Model',
  ],
};

/**
 * Each category's texts for its demo products. `body` is markdown (the product page renders it as
 * the forum does): a first sentence that follows "{title} by {seller}.", then sections with level-3
 * headings (the page's "Description" is the level-2 one) that describe the demo files truthfully.
 */
export const CATEGORY_BLURBS: Record<CategorySlug, { short: string; body: string; files: string[] }> = {
  'ai-tools': {
    short: 'A ready-to-deploy AI tool that saves your team hours every week.',
    body: [
      'Ships with a clean web UI, an API, and step-by-step setup notes. Works with the major LLM providers and runs on a small server.',
      '### How it works',
      '1. Start with **README.md**.',
      '2. Follow **quickstart.md** to set it up step by step.',
      '3. Ask the seller through the marketplace when you get stuck.',
    ].join('\n\n'),
    files: ['README.md', 'quickstart.md'],
  },
  scripts: {
    short: 'A well-tested script you can drop into your workflow today.',
    body: [
      'Plain, readable code with comments, a configuration file and examples. Runs on Python 3.10+ with no exotic dependencies.',
      '### Usage',
      '```bash\npython main.py --help\npython main.py --input data.txt\n```',
      '| Option | What it does |\n| --- | --- |\n| `--input` | The file to process (standard input when left out) |\n| `--help` | Lists every option |',
    ].join('\n\n'),
    files: ['README.md', 'main.py'],
  },
  datasets: {
    short: 'A clean, documented dataset ready for training and evaluation.',
    body: [
      'Deduplicated, with a data card describing collection, licence and known limitations, and train/validation/test splits.',
      '### Format',
      'A CSV file with a header row; **sample.csv** shows the layout:',
      '| Column | Type | Example |\n| --- | --- | --- |\n| `id` | integer | `1` |\n| `text` | string | `Does the job` |\n| `label` | string | `positive`, `negative` or `neutral` |',
      '### Loading it',
      '```python\nimport pandas as pd\n\nrows = pd.read_csv("sample.csv")\nprint(rows["label"].value_counts())\n```',
    ].join('\n\n'),
    files: ['DATA_CARD.md', 'sample.csv'],
  },
  apis: {
    short: 'A production-grade API with generous limits and clear docs.',
    body: [
      'REST endpoints described in OpenAPI, client snippets for Python and JavaScript, and examples of every response.',
      '### Endpoints',
      '| Method | Path | Answer |\n| --- | --- | --- |\n| `POST` | `/v1/run` | `200 OK` with the result |',
      '### Try it',
      '- Import **openapi.yaml** into your API client or code generator.\n- Start with **README.md**.',
    ].join('\n\n'),
    files: ['README.md', 'openapi.yaml'],
  },
  'ml-modules': {
    short: 'A reusable ML module with training, evaluation and inference code.',
    body: [
      'Modular pipeline with sensible defaults, metrics reporting and an example notebook. Plug in your own data in minutes.',
      '### Quick start',
      '```bash\npython pipeline.py --input your-data.csv\n```',
      '- **README.md**: where to start\n- **pipeline.py**: the entry point (`--help` lists its options)',
    ].join('\n\n'),
    files: ['README.md', 'pipeline.py'],
  },
  'prompt-packs': {
    short: 'Battle-tested prompts that produce consistent, high-quality output.',
    body: [
      'Each prompt comes with variables, an example output and tips for adapting it to your brand voice and use case.',
      '### Variables',
      'Replace each `{{placeholder}}` with your own text before sending a prompt:',
      '```text\nYou are an expert assistant. Write {{topic}} for {{audience}} in a {{tone}} tone.\n```',
      '| Variable | Example |\n| --- | --- |\n| `{{topic}}` | a product announcement |\n| `{{audience}}` | existing customers |\n| `{{tone}}` | friendly |',
    ].join('\n\n'),
    files: ['README.md', 'prompts.txt'],
  },
  models: {
    short: 'A compact, fine-tuned model you can run on modest hardware.',
    body: [
      'Includes a model card, evaluation results, an inference script and export instructions for ONNX and TorchScript.',
      '### Configuration',
      '| Setting | Value |\n| --- | --- |\n| Input size | 512 |\n| Labels | `positive`, `negative` |',
      'Start with **MODEL_CARD.md**; **config.json** holds the settings above, with the framework, task and format the listing card states.',
    ].join('\n\n'),
    files: ['MODEL_CARD.md', 'config.json'],
  },
};

export const REVIEW_TEXTS = [
  'Exactly what I needed. Setup took ten minutes and it worked first time.',
  'Solid quality and clear documentation. Would buy from this seller again.',
  'Good value for the price, though I had to tweak the configuration a bit.',
  'Saved our team days of work. The examples are especially helpful.',
  'Does what it says. Support answered my question within a day.',
  'Decent, but I expected a few more examples for edge cases.',
  'Impressive results on our own data after minimal changes.',
];
