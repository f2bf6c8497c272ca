import type { CategorySlug, ProductSort } from '@app/shared';

/**
 * The words of Spanish, French, German, Chinese and Japanese visitors, next to the English ones in
 * parse.ts. Everything here is matched against lower-case, accent-folded text ("menú" → "menu",
 * "günstigste" → "gunstigste"), so write Latin words without accents. Chinese and Japanese have no
 * spaces, so their words carry no `\b`.
 */

type Intent = 'menu' | 'products' | 'show_more' | 'pricing' | 'seller_info' | 'custom_chatbot';

/** Whole messages, including every quick-reply label of the storefront in each language. */
export const EXACT_WORDS: Record<Intent, string[]> = {
  menu: [
    'hola',
    'buenas',
    'buenos días',
    'buenas tardes',
    'buenas noches',
    'ayuda',
    'menú',
    'menú principal',
    'inicio',
    'volver',
    'atrás',
    'cancelar',
    'bonjour',
    'bonsoir',
    'salut',
    'coucou',
    'aide',
    'accueil',
    'retour',
    'annuler',
    'menu principal',
    'hallo',
    'guten tag',
    'guten morgen',
    'guten abend',
    'servus',
    'moin',
    'hilfe',
    'hauptmenü',
    'zurück',
    'zurueck',
    'abbrechen',
    '你好',
    '您好',
    '嗨',
    '哈喽',
    '帮助',
    '菜单',
    '主菜单',
    '开始',
    '返回',
    '取消',
    'こんにちは',
    'こんばんは',
    'おはよう',
    'おはようございます',
    'ヘルプ',
    'メニュー',
    'メインメニュー',
    '戻る',
    'キャンセル',
  ],
  products: [
    'productos',
    'ver productos',
    'mostrar productos',
    'catálogo',
    'produits',
    'voir les produits',
    'voir produits',
    'produkte',
    'produkte anzeigen',
    'katalog',
    '商品',
    '产品',
    '查看商品',
    '浏览商品',
    '製品',
    '商品を見る',
    '商品一覧',
  ],
  show_more: [
    'ver más',
    'mostrar más',
    'ver más productos',
    'más',
    'siguiente',
    'voir plus',
    'afficher plus',
    'plus',
    'suivant',
    'mehr anzeigen',
    'mehr',
    'weiter',
    'nächste',
    'naechste',
    '查看更多',
    '更多',
    '下一页',
    'もっと見る',
    'もっと',
    '次へ',
    '次',
  ],
  pricing: [
    'precios',
    'precio',
    'tarifas',
    'rangos de precios',
    'tarifs',
    'prix',
    'les prix',
    'preise',
    'preis',
    'preisspannen',
    '价格',
    '价钱',
    '价格区间',
    '价格范围',
    '価格',
    '値段',
    '料金',
    '価格帯',
  ],
  seller_info: [
    'info para vendedores',
    'información para vendedores',
    'infos vendeurs',
    'info vendeurs',
    'informations vendeurs',
    'infos für verkäufer',
    'info für verkäufer',
    '卖家须知',
    '卖家信息',
    '出品者向け情報',
    '出品者情報',
  ],
  custom_chatbot: [
    'chatbot a medida',
    'chatbot personalizado',
    'chatbot sur mesure',
    'chatbot personnalisé',
    'individueller chatbot',
    'eigener chatbot',
    '定制聊天机器人',
    'カスタムチャットボット',
  ],
};

const words = (...alternatives: string[]) => alternatives.join('|');

export const SELLER_WORDS = new RegExp(
  words(
    String.raw`\b(?:vender|vendo|vendedor(?:es|as?)?|comision(?:es)?|ganancias?)\b`,
    String.raw`\b(?:vendre|vends|vendeur(?:s|se|ses)?|frais|revenus?)\b`,
    String.raw`\b(?:verkaufen|verkaufe|verka(?:e)?ufer(?:in|innen|n)?|gebu(?:e)?hr(?:en)?|provision(?:en)?|auszahlung(?:en)?|verdienst|einnahmen)\b`,
    '卖家|商家|出售|开店|入驻|佣金|手续费|服务费|抽成|分成|提现|卖东西|在这里卖|怎么卖',
    '出品|販売者|販売(?:する|したい|方法)|売り手|手数料|収益|報酬|売上|振込',
  ),
);

export const CUSTOM_BOT = new RegExp(
  words(
    String.raw`\b(?:chat)?bots? (?:a medida|personalizad[oa]s?|propio)\b`,
    String.raw`\b(?:crear|hacer|construir|desarrollar)(?:me)? (?:un|mi) (?:chat)?bot\b`,
    String.raw`\b(?:chat)?bots? (?:sur mesure|personnalise[es]?)\b`,
    String.raw`\b(?:creer|construire|developper|faire) (?:un|mon) (?:chat)?bot\b`,
    String.raw`\b(?:individuelle[nrs]?|eigene[nrs]?|ma(?:ß|ss)geschneiderte[nrs]?) (?:chat)?bots?\b`,
    String.raw`\b(?:chat)?bot (?:erstellen|bauen|entwickeln)\b`,
    '定制(?:一个|一款|的)?(?:聊天)?机器人|专属(?:聊天)?机器人|(?:做|开发|搭建|创建)一个(?:聊天)?机器人',
    'カスタム ?チャットボット|チャットボット(?:を|の)?(?:作|開発|構築|制作)|オーダーメイド',
  ),
);

/** Each pattern captures the two product names in order. */
export const COMPARE: RegExp[] = [
  /^compar(?:ar|a|e|ez|er)\s+(.+?)\s+(?:y|e|con|contra|et|avec|a|vs\.?)\s+(.+)$/,
  /^vergleich(?:e|en)?\s+(.+?)\s+(?:und|mit|vs\.?)\s+(.+)$/,
  /^(.+?)\s+(?:und|mit)\s+(.+?)\s+vergleichen$/,
  /^(?:比较|对比|比一比)\s*(.+?)\s*(?:和|与|跟|同|还是|vs)\s*(.+?)(?:哪个好|的区别)?$/,
  /^(.+?)\s*(?:和|与|跟)\s*(.+?)\s*(?:比较|对比)(?:一下)?$/,
  /^比較\s*(.+?)\s*と\s*(.+)$/,
  /^(.+?)\s*と\s*(.+?)\s*(?:を|の)?\s*(?:比較|比べ)/,
];

/** Asking about prices in general; only meant so when the message names no category or price. */
export const PRICING_WORDS = new RegExp(
  words(
    String.raw`\b(?:precios|rangos? de precios?|cuanto cuesta|cuanto cuestan|tarifas)\b`,
    String.raw`\b(?:tarifs?|grille tarifaire|les prix|vos prix|combien (?:ca )?coute)\b`,
    String.raw`\b(?:preise|preisspannen?|was kostet|was kosten|wie teuer)\b`,
    '价格|价钱|价位|多少钱|收费|価格|値段|料金|いくら',
  ),
);

/** Put before the English words, so "paquetes de prompts" wins over the bare "prompts" inside it. */
export const CATEGORY_WORDS: Record<CategorySlug, string> = {
  'ml-modules': words(
    String.raw`\bml-modul(?:e|en)?\b`,
    String.raw`\bmodulos?(?: de (?:ml|machine learning|aprendizaje automatico))?\b`,
    String.raw`\bmodul(?:e|en)?\b`,
    '机器学习模块|模块|ml ?モジュール|モジュール',
  ),
  'prompt-packs': words(
    String.raw`\b(?:paquetes?|packs?) de prompts?\b`,
    String.raw`\bprompt[- ]?pakete?\b`,
    '提示词包|提示包|提示词|プロンプトパック|プロンプト',
  ),
  'ai-tools': words(
    String.raw`\bherramientas?(?: de (?:ia|ai))?\b|\baplicaciones\b`,
    String.raw`\boutils?(?: (?:d'|de l'|de )?(?:ia|ai))?\b|\bapplis?\b`,
    String.raw`\bki[- ]?tools?\b|\bki-werkzeuge?\b|\bwerkzeuge?\b|\banwendungen\b`,
    'ai ?工具|工具|应用|ai ?ツール|ツール|アプリ',
  ),
  datasets: words(
    String.raw`\bconjuntos? de datos\b|\bdatos de entrenamiento\b`,
    String.raw`\bjeux? de donnees\b|\bdonnees d'entrainement\b`,
    String.raw`\bdatens(?:a|ae)tze?\b|\btrainingsdaten\b`,
    '数据集|训练数据|语料|数据|データセット|学習データ|コーパス|データ',
  ),
  scripts: words(
    String.raw`\bskript(?:e|en)?\b`,
    String.raw`\bautomatizaciones?\b|\bautomatisations?\b|\bautomatisierung(?:en)?\b`,
    '脚本|自动化|スクリプト|自動化',
  ),
  apis: words('接口'),
  models: words(
    String.raw`\bmodelos?(?: de (?:ia|ai))?\b`,
    String.raw`\bmodeles?(?: (?:d'|de l')?(?:ia|ai))?\b`,
    String.raw`\b(?:ki-)?modell(?:e|en)?\b`,
    '大模型|模型|ai ?モデル|モデル',
  ),
};

/** Keyed like the English sort words: "price desc" is the most expensive first. */
export const SORT_WORDS: Partial<Record<`${ProductSort} ${'asc' | 'desc'}`, string>> = {
  'price desc': words(
    String.raw`\bmas car[oa]s?\b|\bplus chere?s?\b|\b(?:am )?teuerste[nrs]?\b`,
    '最贵|价格最高|价格从高到低|(?<!評価の|評価が)高い順|一番高い|最も高い|高価',
  ),
  'price asc': words(
    String.raw`\bmas barat[oa]s?\b|\bbarat[oa]s?\b|\beconomic[oa]s?\b`,
    String.raw`\bmoins chere?s?\b|\bpas chere?s?\b|\bbon marche\b`,
    String.raw`\b(?:am )?gu(?:e)?nstigste[nrs]?\b|\bgu(?:e)?nstig(?:e[nrs]?)?\b|\bbillig(?:ste[nrs]?|e[nrs]?)?\b|\bpreiswert(?:e[nrs]?)?\b`,
    '最便宜|价格最低|价格从低到高|便宜|实惠|一番安い|最も安い|安い順|安い|格安',
  ),
  'popularity desc': words(
    String.raw`\bmas vendid[oa]s?\b|\b(?:mas )?populares?\b`,
    String.raw`\bplus vendue?s?\b|\b(?:plus )?populaires?\b`,
    String.raw`\bmeistverkauft(?:e[nrs]?)?\b|\bbeliebteste[nrs]?\b|\bbeliebt(?:e[nrs]?)?\b`,
    '最畅销|畅销|销量最高|最受欢迎|热门|热销|売れ筋|一番売れ|人気',
  ),
  'rating desc': words(
    String.raw`\bmejor (?:valorad|calificad)[oa]s?\b|\bmejore?s?\b`,
    String.raw`\bmieux notee?s?\b|\bmeilleure?s?\b`,
    String.raw`\bam besten bewertet(?:e[nrs]?)?\b|\bbestbewertete?[nrs]?\b|\bbeste[nrs]?\b`,
    '评分最高|评价最高|好评|最好|評価の高い|評価が高い|高評価|最高評価',
  ),
  'created_at desc': words(
    String.raw`\bmas (?:nuev[oa]s?|recientes?)\b|\brecientes?\b|\bnuev[oa]s?\b|\bultim[oa]s?\b|\bnovedades\b`,
    String.raw`\bplus recente?s?\b|\brecente?s?\b|\bnouveaux?\b|\bnouvelles?\b|\bnouveautes?\b|\bderniere?s?\b`,
    String.raw`\bneueste[nrs]?\b|\bneu(?:e[nrs]?)?\b|\baktuellste[nrs]?\b`,
    '最新|新品|新上架|新着|新しい',
  ),
};

/** Currency words after a number; prices are always US dollars. */
export const DOLLAR_WORDS = words('dolares', 'dolar', '美元', '美金', 'ドル');

/** Words before a number meaning "at most N" / "at least N". */
export const AT_MOST_BEFORE = words(
  String.raw`\bpor menos de|\bmenos de|\bpor debajo de|\bhasta|\bcomo maximo|\bmaximo|\binferior(?:es)? a|\bmenor(?:es)? (?:a|de|que)`,
  String.raw`\ba moins de|\bmoins de|\ben[- ]dessous de|\bau[- ]dessous de|\bsous|\bjusqu'a|\bau maximum|\binferieure?s? a`,
  String.raw`\bunter|\bbis zu|\bbis|\bho(?:e)?chstens|\bmaximal|\bweniger als|\bbilliger als|\bgu(?:e)?nstiger als`,
  '低于|少于|小于|不超过|不到|不高于|最多',
);
export const AT_LEAST_BEFORE = words(
  String.raw`\bmas de|\bpor encima de|\bdesde|\bal menos|\bcomo minimo|\bminimo|\bsuperior(?:es)? a|\bmayor(?:es)? (?:a|de|que)`,
  String.raw`\bplus de|\bau[- ]dessus de|\ba partir de|\bau moins|\bau minimum|\bsuperieure?s? a`,
  String.raw`\bu(?:e)?ber|\bmehr als|\bmindestens|\bab|\bteurer als`,
  '高于|超过|大于|至少|不低于',
);
/** Words after a number: "50美元以下", "50ドル未満", "50 $ o menos". */
export const AT_MOST_AFTER = words(
  '以下|以内|未满|未満|まで|より安い',
  String.raw`o menos\b|ou moins\b|oder weniger\b|(?:au )?maximum\b|maximo\b|max\b|ho(?:e)?chstens\b`,
);
export const AT_LEAST_AFTER = words(
  '以上|起|から|より高い',
  String.raw`o mas\b|ou plus\b|oder mehr\b|(?:au )?minimum\b|minimo\b|mindestens\b`,
);

/** "entre 10 y 50", "de 10 à 50", "zwischen 10 und 50": [before the first number, between the two]. */
export const BETWEEN_LATIN: [string, string][] = [
  [String.raw`\b(?:entre|desde|de)`, '(?:y|et|a|hasta|-)'],
  [String.raw`\b(?:zwischen|von)`, '(?:und|bis|-)'],
];
/** "10到50美元", "10ドルから50ドル", "10和50美元之间". */
export const BETWEEN_CJK = ['(?:到|至|から|〜|~)', '(?:和|与)(?=.*之间)'];

export const STOP_WORDS = new Set(
  `el la los las un una unos unas de del al lo para por con sin que quiero quisiera busco buscar necesito muestrame
  mostrar ver dame me mi algo algun alguno alguna algunos algunas hay tienes tiene tienen es este esta estos estas
  favor gracias producto productos precio precios cuesta cuestan dolares dolar menos mas su sus puedes podrias
  encontrar recomienda recomiendame tal y o en sobre cual cuales hola buenas primero primeros teneis aqui
  le les une des du d l pour avec sans qui je j veux voudrais cherche chercher besoin montre montrez moi affiche
  afficher voir donne donnez quelque quelques il est sont dans et ou s'il vous plait svp merci produit produits prix
  coute coutent dollars plus au aux ce cette ces mon ma mes votre vos bonjour salut abord combien comment ici
  der die das den dem ein eine einen einem einer ich mochte moechte suche suchen brauche zeig zeige zeigen mir mich fur
  fuer und oder von im am auf gibt welche welcher welches ist sind bitte danke hallo produkt produkte preis kostet
  kosten preise dollar etwas einige irgendein haben habt sie ihr uns als zu kann konnen zuerst tarifs tarifas`.split(/\s+/),
);

/** Chinese function words, dropped from what is left before it becomes search text. */
export const CHINESE_STOP =
  /我想要|我想找|我想买|优先|我需要|我要|我想|请问|请|帮我找|帮我|给我|找一下|推荐|一下|一个|一些|几个|有没有|有什么|有哪些|哪些|什么|之间|左右|价格|商品|产品|显示|看看|查看|美元|美金|吗|呢|吧|的|了|和|与|找|买|要|在|是|款|个/g;

/** Japanese: hiragana runs are particles and endings; these are the remaining words that say nothing. */
export const JAPANESE_STOP = /[\u3041-\u309f]+|商品|製品|一番|最も|探|見|教|欲|表示|ドル|順|間/g;
export const HAS_KANA = /[\u3041-\u30ff]/;
