import type { ChatBotMessage, ChatRow } from '@app/shared';
import { categoryName, licenseName } from '@/lib/catalog-names';
import { formatMoney } from '@/lib/format';
import { i18n } from '@/lib/i18n';

type Values = Record<string, string | number>;
type LooseT = (key: string, options: Record<string, unknown>) => string;
const t = (key: string, options: Record<string, unknown> = {}) => (i18n.t as unknown as LooseT)(key, options);

/** The bot's text in the visitor's language; the server's English (or the model's wording) otherwise. */
export function botText(message: ChatBotMessage): string {
  if (message.key === 'phrased') return message.text;
  const values: Values = { ...message.values };
  if (values.q_sort !== undefined) {
    const summary = describeSearch(values);
    values.summary = summary;
    if (message.key === 'no_results') values.text = summary;
  }
  return t(`chatbot.bot.${message.key}`, { ...values, defaultValue: message.text });
}

const SORTS: Record<string, string> = {
  'price:asc': 'cheapest',
  'price:desc': 'priciest',
  'rating:desc': 'bestRated',
  'popularity:desc': 'bestSelling',
  'created_at:desc': 'newest',
};

/** 'Datasets matching “finance” under $50.00, newest first', from the server's `q_*` values. */
function describeSearch(values: Values): string {
  const parts = [values.q_category ? categoryName(String(values.q_category)) : t('chatbot.summary.products')];
  if (values.q_search) parts.push(t('chatbot.summary.matching', { search: values.q_search }));
  const min = values.q_min_usd === undefined ? null : formatMoney(Number(values.q_min_usd));
  const max = values.q_max_usd === undefined ? null : formatMoney(Number(values.q_max_usd));
  if (min && max) parts.push(t('chatbot.summary.between', { min, max }));
  else if (max) parts.push(t('chatbot.summary.under', { max }));
  else if (min) parts.push(t('chatbot.summary.from', { min }));
  const sort = SORTS[String(values.q_sort)];
  const text = parts.join(' ');
  return sort ? t('chatbot.summary.sorted', { text, sort: t(`chatbot.summary.sorts.${sort}`) }) : text;
}

/** A fact row in the visitor's language; rows without a kind are shown as the server sent them. */
export function rowText(row: ChatRow): { label: string; value: string } {
  const data = row.data ?? {};
  const num = (key: string) => Number(data[key] ?? 0);
  const pair = (a: string, b: string) => t('chatbot.rows.pair', { a, b });
  switch (row.kind) {
    case 'price_range': {
      const [min, max] = [formatMoney(num('min_usd')), formatMoney(num('max_usd'))];
      const span = min === max ? min : t('chatbot.rows.span', { min, max });
      return {
        label: categoryName(String(data.category ?? row.label)),
        value: t('chatbot.rows.priceRange', { span, count: num('count') }),
      };
    }
    case 'platform_fee':
    case 'ai_pool':
      return { label: t(`chatbot.rows.${row.kind}`), value: t('chatbot.rows.percent', { value: num('percent') }) };
    case 'seller_share':
      return { label: t('chatbot.rows.seller_share'), value: t('chatbot.rows.sellerShareValue', { value: num('percent') }) };
    case 'approval':
      return { label: t('chatbot.rows.approval'), value: t('chatbot.rows.approvalValue') };
    case 'compare_price':
      return { label: t('chatbot.rows.price'), value: pair(formatMoney(num('a_usd')), formatMoney(num('b_usd'))) };
    case 'compare_rating': {
      const side = (prefix: 'a' | 'b') =>
        num(`${prefix}_reviews`) > 0
          ? t('chatbot.rows.rating', { rating: num(`${prefix}_rating`).toFixed(1), count: num(`${prefix}_reviews`) })
          : t('chatbot.rows.noReviews');
      return { label: t('chatbot.rows.ratingLabel'), value: pair(side('a'), side('b')) };
    }
    case 'compare_category':
      return {
        label: t('chatbot.rows.category'),
        value: pair(categoryName(String(data.a_category)), categoryName(String(data.b_category))),
      };
    case 'compare_license':
      return {
        label: t('chatbot.rows.license'),
        value: pair(licenseName(String(data.a_license)), licenseName(String(data.b_license))),
      };
    case 'compare_sales':
      return { label: t('chatbot.rows.sales'), value: pair(String(num('a_sales')), String(num('b_sales'))) };
    default:
      return { label: row.label, value: row.value };
  }
}
