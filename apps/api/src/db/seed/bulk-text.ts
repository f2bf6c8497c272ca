/**
 * Text for the benchmark catalogue that behaves like a real one for search: a few hundred common
 * domain words plus thousands of rarer ones (brand-like names, technical terms), drawn with a
 * Zipf-like skew (the most used content word is in roughly 10-20% of products, as in a real
 * catalogue), in titles of 2 to 7 words and descriptions of 40 to 140 words.
 */

const NOUNS = `agent api assistant analyzer annotation archive audit automation benchmark bot builder cache calendar
campaign caption catalog chatbot checker classifier cleaner client clustering coach collection compiler connector
console converter copilot corpus crawler dashboard dataset debugger deck designer detector dictionary digest editor
embedder embeddings engine estimator evaluator explorer extractor feed filter finder forecaster formatter framework
gateway generator graph guard helper index inspector integration interpreter kit labeler library linter loader
locator logger manager mapper matcher model moderator module monitor notebook optimizer orchestrator parser pipeline
planner player portal predictor profiler prompt prompts proxy ranker reader recommender recorder renderer reporter
resolver resizer reviewer router runner sampler scanner scheduler scorer scraper script search segmenter sentiment
server simulator solver sorter starter studio summarizer suite synthesizer tagger template templates tester toolkit
tracker trainer transcriber translator tuner validator viewer visualizer widget workbench writer workflow`;

const ADJECTIVES = `adaptive advanced agile automated batch bilingual clean cloud compact contextual custom deep distributed
dynamic efficient embedded enterprise explainable fast fine-tuned generative hybrid incremental instant intelligent
interactive lean lightweight local managed modular multilingual multimodal native neural offline open portable
predictive private production realtime reliable robust scalable secure self-hosted semantic serverless simple smart
streaming structured supervised synthetic tabular tiny transparent unified universal visual`;

const DOMAINS = `accounting advertising agriculture analytics banking biology chemistry climate commerce compliance
construction cybersecurity dentistry design devops ecommerce education energy engineering entertainment events
fashion finance fitness gaming government healthcare hiring hospitality hr insurance journalism legal logistics
manufacturing marketing media medicine mining music nonprofits nursing pharmacy photography podcasting politics
publishing radiology real-estate recruiting restaurants retail robotics sales science security sports startups
supply-chain support telecom tourism transport travel utilities veterinary video weather`;

const VERBS = `analyze annotate automate balance build classify clean compare compress convert detect draft enrich
estimate evaluate explain export extract filter forecast generate group import index label localize map match measure
merge monitor normalize optimize parse plan predict publish rank rewrite route sample scan schedule score search
segment simulate sort split summarize tag track train transcribe translate tune validate visualize`;

const FILLER = `a an the and or for with to of in on by from your teams that this it is are can you every each
into across without within using built ready works runs ships includes supports keeps saves helps makes lets`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** A small deterministic generator, so every run builds the same catalogue. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ONSETS = words('b br c ch cl d dr f fl g gr h j k kr l m n p pl pr qu r s sc sh sk sl sp st str t th tr v w z');
const VOWELS = words('a e i o u ai ea io ou y');
const CODAS = words('n r x l s m t nd rk st ck ft lt nt');

/** Brand-like and technical rare words ("veltrax", "quorinex"): the long tail of a real catalogue. */
function rareWords(count: number, next: () => number): string[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const found = new Set<string>();
  while (found.size < count) {
    const syllables = 2 + Math.floor(next() * 2);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(ONSETS) + pick(VOWELS);
    word += pick(CODAS);
    if (word.length >= 5 && word.length <= 12) found.add(word);
  }
  return [...found];
}

/**
 * Picks from a list with a Zipf-Mandelbrot skew (weight 1 / (rank + flat)): the first entries are
 * the most used, and a larger `flat` keeps the head from dominating.
 */
function zipf(list: string[], next: () => number, flat = 20): string {
  const rank = flat * ((list.length + flat) / flat) ** next() - flat;
  return list[Math.min(list.length - 1, Math.floor(rank))] as string;
}

export interface BulkText {
  title: string;
  shortDescription: string;
  description: string;
}

export const FILLER_WORDS = new Set(words(FILLER));

export function bulkTextGenerator(seed = 42) {
  const next = random(seed);
  const nouns = words(NOUNS);
  const adjectives = words(ADJECTIVES);
  const domains = words(DOMAINS);
  const verbs = words(VERBS);
  const filler = words(FILLER);
  const rare = rareWords(6000, next);
  const brands = rare.slice(0, 1500);
  const terms = rare.slice(1500);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

  function title(): string {
    const parts: string[] = [];
    if (next() < 0.35) parts.push(capital(zipf(brands, next)));
    if (next() < 0.6) parts.push(capital(zipf(adjectives, next)));
    parts.push(capital(zipf(nouns, next)));
    if (next() < 0.4) parts.push(capital(zipf(nouns, next)));
    if (next() < 0.5) parts.push('for', capital(zipf(domains, next)));
    if (next() < 0.15) parts.push(capital(zipf(terms, next)));
    if (parts.length < 2) parts.unshift(capital(zipf(adjectives, next)));
    return parts.join(' ');
  }

  function sentence(length: number): string {
    const out: string[] = [];
    for (let i = 0; i < length; i += 1) {
      const roll = next();
      if (roll < 0.3) out.push(pick(filler));
      else if (roll < 0.42) out.push(pick(nouns));
      else if (roll < 0.5) out.push(pick(verbs));
      else if (roll < 0.58) out.push(pick(adjectives));
      else if (roll < 0.66) out.push(pick(domains));
      else out.push(zipf(terms, next, 60));
    }
    return `${capital(out.join(' '))}.`;
  }

  return (): BulkText => {
    const name = title();
    const sentences: string[] = [];
    const target = 40 + Math.floor(next() * 100);
    for (let total = 0; total < target; ) {
      const length = 8 + Math.floor(next() * 14);
      sentences.push(sentence(length));
      total += length;
    }
    return { title: name, shortDescription: sentence(8 + Math.floor(next() * 12)), description: sentences.join(' ') };
  };
}
