import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMessage } from './parse';

describe('parseMessage', () => {
  it.each([
    ['', { kind: 'menu' }],
    ['Main menu', { kind: 'menu' }],
    ['Products', { kind: 'products' }],
    ['Show more', { kind: 'show_more' }],
    ['Pricing', { kind: 'pricing' }],
    ['Seller info', { kind: 'seller_info' }],
    ['Custom chatbot', { kind: 'custom_chatbot' }],
    ['Can you build me a chatbot?', { kind: 'custom_chatbot' }],
    ['what are your prices?', { kind: 'pricing' }],
    ['What fees do sellers pay?', { kind: 'seller_info' }],
    ['hello there', { kind: 'unknown' }],
  ])('%j is %j', (text, intent) => {
    expect(parseMessage(text)).toEqual(intent);
  });

  it.each([
    [
      'a dataset for finance under $50',
      { category: 'datasets', search: 'finance', max_price: 50, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['cheapest chatbot', { search: 'chatbot', sort_by: 'price', sort_order: 'asc' }],
    ['Best-selling scripts over 20 dollars', { category: 'scripts', min_price: 20, sort_by: 'popularity', sort_order: 'desc' }],
    [
      'prompt packs between $30 and $10',
      { category: 'prompt-packs', min_price: 10, max_price: 30, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['most expensive LLM', { category: 'models', sort_by: 'price', sort_order: 'desc' }],
    [
      'newest ML modules from $5 to $99.50',
      { category: 'ml-modules', min_price: 5, max_price: 99.5, sort_by: 'created_at', sort_order: 'desc' },
    ],
    ['top rated image generator APIs', { category: 'apis', search: 'image generator', sort_by: 'rating', sort_order: 'desc' }],
  ])('reads %j as catalogue filters', (text, query) => {
    expect(parseMessage(text)).toEqual({ kind: 'search', query });
  });

  it.each([
    ['compare Chatbot Kit and Image Pro', 'chatbot kit', 'image pro'],
    ['Chatbot Kit vs. Image Pro', 'chatbot kit', 'image pro'],
    ['compare "Resume Screener" with "Interview Coach"', 'resume screener', 'interview coach'],
  ])('reads %j as a comparison', (text, left, right) => {
    expect(parseMessage(text)).toEqual({ kind: 'compare', left, right });
  });
});

describe('prices beyond the catalogue (no product costs more than $100,000)', () => {
  it.each([
    ['scripts under $21474837', { kind: 'search', query: { category: 'scripts', sort_by: 'created_at', sort_order: 'desc' } }],
    ['under $100000', { kind: 'search', query: { max_price: 100_000, sort_by: 'created_at', sort_order: 'desc' } }],
    ['between $1 and $99999999999', { kind: 'search', query: { min_price: 1, sort_by: 'created_at', sort_order: 'desc' } }],
    [
      `scripts under $${'9'.repeat(400)}`,
      { kind: 'search', query: { category: 'scripts', sort_by: 'created_at', sort_order: 'desc' } },
    ],
    ['over $99999999999', { kind: 'price_too_high' }],
    ['between $200000 and $300000', { kind: 'price_too_high' }],
    ['más de 99999999999 $', { kind: 'price_too_high' }],
    ['99999999999ドル以上', { kind: 'price_too_high' }],
    ['over $100000', { kind: 'search', query: { min_price: 100_000, sort_by: 'created_at', sort_order: 'desc' } }],
  ])('%j', (text, intent) => {
    expect(parseMessage(text)).toEqual(intent);
  });
});

/** The quick-reply labels exactly as the storefront shows them in each language. */
function quickReplyLabels(language: string): [string, string][] {
  const file = new URL(`../../../../web/src/lib/i18n/${language}.json`, import.meta.url);
  const labels: Record<string, string> = JSON.parse(readFileSync(file, 'utf8')).chatbot.quickReplies;
  return Object.entries(labels).map(([key, label]) => [label, key === 'main_menu' ? 'menu' : key]);
}

describe.each(['en', 'es', 'fr', 'de', 'zh', 'ja'])('quick-reply labels in %s', (language) => {
  it.each(quickReplyLabels(language))('%j is %s', (label, kind) => {
    expect(parseMessage(label)).toEqual({ kind });
  });
});

const search = (query: Record<string, unknown>) => ({
  kind: 'search',
  query: { sort_by: 'created_at', sort_order: 'desc', ...query },
});
const cheapest = { sort_by: 'price', sort_order: 'asc' };

describe.each<[string, [string, unknown][]]>([
  [
    'Spanish',
    [
      ['¡Hola!', { kind: 'menu' }],
      ['menu', { kind: 'menu' }],
      ['el dataset más barato por menos de 50 $', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['paquetes de prompts entre 10 y 30 dólares', search({ category: 'prompt-packs', min_price: 10, max_price: 30 })],
      ['modelos de IA mejor valorados desde 20 USD', search({ category: 'models', min_price: 20, sort_by: 'rating' })],
      ['Busco un dataset de finanzas', search({ category: 'datasets', search: 'finanzas' })],
      ['scripts para análisis de imágenes', search({ category: 'scripts', search: 'análisis imágenes' })],
      ['¿Qué comisiones pagan los vendedores?', { kind: 'seller_info' }],
      ['comparar Chatbot Kit y Image Pro', { kind: 'compare', left: 'chatbot kit', right: 'image pro' }],
      ['¿Podéis crear un chatbot personalizado?', { kind: 'custom_chatbot' }],
      ['¿Cuánto cuestan?', { kind: 'pricing' }],
      ['¿tenéis APIs de traducción?', search({ category: 'apis', search: 'traducción' })],
      ['datasets de 20 dólares mínimo', search({ category: 'datasets', min_price: 20 })],
      ['quiero vender aquí', { kind: 'seller_info' }],
    ],
  ],
  [
    'French',
    [
      ['Bonjour !', { kind: 'menu' }],
      ['le jeu de données le moins cher à moins de 50 $', search({ category: 'datasets', max_price: 50, ...cheapest })],
      [
        'modèles les mieux notés entre 10 et 40 $',
        search({ category: 'models', min_price: 10, max_price: 40, sort_by: 'rating' }),
      ],
      ['outils d’IA les plus récents de 5 à 20 dollars', search({ category: 'ai-tools', min_price: 5, max_price: 20 })],
      ['les modeles d’images les plus vendus', search({ category: 'models', search: 'images', sort_by: 'popularity' })],
      ['Quels frais pour les vendeurs ?', { kind: 'seller_info' }],
      ['comparer Café Kit et Modèle Pro', { kind: 'compare', left: 'café kit', right: 'modèle pro' }],
      ['je veux un chatbot sur mesure', { kind: 'custom_chatbot' }],
      ['montrez-moi les API les plus populaires', search({ category: 'apis', sort_by: 'popularity' })],
      ['des modèles à 30 $ maximum', search({ category: 'models', max_price: 30 })],
      ['comment vendre ici ?', { kind: 'seller_info' }],
    ],
  ],
  [
    'German',
    [
      ['Hallo', { kind: 'menu' }],
      ['Menü', { kind: 'menu' }],
      ['der günstigste Datensatz unter 50 $', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['guenstigste Datensaetze unter 50 Dollar', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['Prompt-Pakete zwischen 10 und 30 Dollar', search({ category: 'prompt-packs', min_price: 10, max_price: 30 })],
      ['neueste ML-Module ab 20 $', search({ category: 'ml-modules', min_price: 20 })],
      ['Ich suche Skripte für Bildbearbeitung', search({ category: 'scripts', search: 'bildbearbeitung' })],
      ['Welche Gebühren zahlen Verkäufer?', { kind: 'seller_info' }],
      ['vergleiche Chatbot Kit mit Image Pro', { kind: 'compare', left: 'chatbot kit', right: 'image pro' }],
      ['Chatbot Kit und Image Pro vergleichen', { kind: 'compare', left: 'chatbot kit', right: 'image pro' }],
      ['Können Sie einen eigenen Chatbot bauen?', { kind: 'custom_chatbot' }],
      ['Gibt es Übersetzungs-APIs unter 20 $?', search({ category: 'apis', max_price: 20, search: 'übersetzungs' })],
      ['Wie kann ich hier verkaufen?', { kind: 'seller_info' }],
    ],
  ],
  [
    'Chinese',
    [
      ['你好！', { kind: 'menu' }],
      ['50美元以下最便宜的数据集', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['50 美元以下最便宜的数据集', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['低于50美元的提示词包', search({ category: 'prompt-packs', max_price: 50 })],
      ['10到30美元之间的AI工具', search({ category: 'ai-tools', min_price: 10, max_price: 30 })],
      ['评分最高的模型', search({ category: 'models', sort_by: 'rating' })],
      ['我想找一些便宜的图像生成脚本', search({ category: 'scripts', search: '图像生成', ...cheapest })],
      ['卖家要付多少手续费？', { kind: 'seller_info' }],
      ['比较Chatbot Kit和Image Pro', { kind: 'compare', left: 'chatbot kit', right: 'image pro' }],
      ['我想定制一个聊天机器人', { kind: 'custom_chatbot' }],
      ['价格是多少？', { kind: 'pricing' }],
      ['有没有翻译API', search({ category: 'apis', search: '翻译' })],
      ['我想在这里卖东西', { kind: 'seller_info' }],
    ],
  ],
  [
    'Japanese',
    [
      ['こんにちは', { kind: 'menu' }],
      ['50ドル以下で一番安いデータセット', search({ category: 'datasets', max_price: 50, ...cheapest })],
      ['ＡＩツール　５０ドル未満', search({ category: 'ai-tools', max_price: 50 })],
      ['10ドルから30ドルのプロンプトパック', search({ category: 'prompt-packs', min_price: 10, max_price: 30 })],
      ['評価の高い順のモデル', search({ category: 'models', sort_by: 'rating' })],
      ['画像生成のツールを探しています', search({ category: 'ai-tools', search: '画像生成' })],
      ['出品の手数料はいくらですか', { kind: 'seller_info' }],
      ['Chatbot KitとImage Proを比較して', { kind: 'compare', left: 'chatbot kit', right: 'image pro' }],
      ['チャットボットを作ってほしい', { kind: 'custom_chatbot' }],
      ['価格を教えて', { kind: 'pricing' }],
      ['翻訳APIはありますか', search({ category: 'apis', search: '翻訳' })],
      ['ここで販売するには？', { kind: 'seller_info' }],
    ],
  ],
])('free text in %s', (_language, cases) => {
  it.each(cases)('reads %j', (text, intent) => {
    expect(parseMessage(text)).toEqual(intent);
  });
});

describe('words that look alike across languages', () => {
  it.each([
    // "Preise" alone asks for the price list; with a category it is a search.
    ['Preise für Datensätze', search({ category: 'datasets' })],
    // "más vendidos" is best-selling, not a question about selling.
    ['los scripts más vendidos', search({ category: 'scripts', sort_by: 'popularity' })],
    // Japanese "評価の高い順" is best rated, although it contains "高い順" (most expensive first).
    ['評価の高い順', search({ sort_by: 'rating' })],
    // "neun" (nine) is not "neu" (new).
    ['neun Skripte', search({ category: 'scripts', search: 'neun' })],
    ['hola, ¿qué tal?', { kind: 'unknown' }],
  ])('%j', (text, intent) => {
    expect(parseMessage(text)).toEqual(intent);
  });
});
