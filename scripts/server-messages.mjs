#!/usr/bin/env node
/**
 * Lists every fixed English message the API can send to a user and checks the shared message
 * catalogue (packages/shared/src/messages/{lng}.json, stable id → text) against it: every such
 * text is an English message of the catalogue (the API sends its id as `messageId`), English
 * texts are unique (text → id), and every language has exactly English's ids with the same
 * {{placeholders}}. Exits 1 on a problem.
 *
 *   node scripts/server-messages.mjs            # counts, the problems, the texts left out
 *   node scripts/server-messages.mjs --json     # every collected text, one JSON array
 *
 * Reads apps/api/src and packages/shared/src (tests, the debug routes and lib/mail-texts.ts, whose
 * texts are the catalogue's `mail.*` ids, excluded). A text counts when it sits where a message goes:
 * an argument of a call (new AppError(code, 'text'), fieldError, requireSignedIn, idParams, a zod
 * check such as .min(n, 'text') or .refine(fn, 'text')), a `message`/`error`/`detail` property, a
 * returned value (functions that word a problem: `return 'This order is already paid'`), a
 * variable named message/detail/error, an UPPER_CASE constant or a `*_MESSAGES` table.
 * An identifier there is followed to its constant and a `${CONSTANT}` in a template is filled in.
 * A helper of the same file called with known arguments (`text('Bank name', 120)`) is followed
 * with its parameters bound, so `${label} is required` yields 'Bank name is required'.
 * Texts built from run-time values (a count, a status, a promo code) cannot be matched exactly
 * and are reported as left out. Only sentence-like texts count (a capital letter, then words),
 * which keeps field names, codes and paths out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SOURCE_DIRS = ['apps/api/src', 'packages/shared/src'];

/** Debug routes (their admins only) and the e-mail texts (catalogue ids `mail.*`, not English literals). */
const EXCLUDED = [
  /\.test\.ts$/,
  /\.d\.ts$/,
  /^apps\/api\/src\/modules\/debug\//,
  /^apps\/api\/src\/lib\/mail-texts\.ts$/,
  // The API description's texts are for developers reading /api/docs, never an answer's message.
  /^apps\/api\/src\/lib\/openapi\.ts$/,
  // Start-up checks for the operator, and the database layer (SQL, column defaults).
  /^apps\/api\/src\/config\.ts$/,
  /^apps\/api\/src\/db\//,
];

/**
 * Calls whose text goes to a log, a developer or the database, never to a user; and helpers that
 * take a label (a field's name, an OpenAPI description), not a message.
 */
const NOT_FOR_USERS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'ConfigError',
  'query',
  'default',
  'nameField',
  'text',
  'limitField',
  'numberField',
  'dateField',
  'money',
  'fileResponse',
  'info',
  'warn',
  'error',
  'debug',
  'fatal',
  'trace',
  'log',
  'sql',
  'describe',
  'it',
  'test',
]);

/** Sentence-like texts in a message position that never reach a user as a message of their own. */
const NOT_MESSAGES = new Map([['No reviews yet', 'a value inside a chatbot comparison row; the storefront words rows itself']]);

/** Properties and variables that hold a message. */
const MESSAGE_NAMES = new Set(['message', 'error', 'detail']);

/** A message: one line that starts with a capital letter and has at least two words, one in lower case. */
const SENTENCE = /^[A-Z][A-Za-z’']*[ ,:][^\n]*[a-z][^\n]*$/;

const UPPER_CASE = /^[A-Z][A-Z0-9_]+$/;

function sourceFiles(root) {
  const files = [];
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const path = relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/');
      if (!EXCLUDED.some((pattern) => pattern.test(path))) files.push(path);
    }
  }
  return files.sort();
}

function calleeName(call) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

function propertyName(node) {
  return ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
}

/** A string, a number, or an object literal of those (`UPLOAD_LIMITS.image.maxCount`); else undefined. */
function literalValue(expression) {
  const node = stripAsConst(expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const object = {};
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property)) object[propertyName(property)] = literalValue(property.initializer);
  }
  return object;
}

/** `const NAME = 'text'` (and numbers and tables of them, for texts that interpolate them) anywhere in a file, as name → value. */
function fileConstants(sourceFile) {
  const constants = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = literalValue(node.initializer);
      if (value !== undefined) constants.set(node.name.text, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return constants;
}

/** A template whose fixed parts are words (not a path, a header, a file name or markup). */
function readsLikeMessage(template) {
  const fixed = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
  return /[A-Za-z]{2,} [a-z]{2,}/.test(fixed) && !/[<>%/\\\r]|^attachment/.test(fixed);
}

const COMPARISONS = {
  [ts.SyntaxKind.LessThanToken]: (a, b) => a < b,
  [ts.SyntaxKind.LessThanEqualsToken]: (a, b) => a <= b,
  [ts.SyntaxKind.GreaterThanToken]: (a, b) => a > b,
  [ts.SyntaxKind.GreaterThanEqualsToken]: (a, b) => a >= b,
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: (a, b) => a === b,
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: (a, b) => a !== b,
};

/** Functions declared in a file (`function f(…) {…}`, `const f = (…) => …`), by name. */
function localFunctions(sourceFile) {
  const functions = new Map();
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) functions.set(node.name.text, node);
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      functions.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return functions;
}

function stripAsConst(node) {
  let inner = node;
  while (ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner) || ts.isSatisfiesExpression(inner)) {
    inner = inner.expression;
  }
  return inner;
}

/**
 * Collects the messages of apps/api/src and packages/shared/src.
 * @param {string} root the repository root
 * @returns {{ messages: Map<string, string[]>, leftOut: { text: string, at: string }[] }}
 *   each text with where it is used (file:line), and the interpolated texts left out
 */
export function collectServerMessages(root) {
  const parsed = sourceFiles(root).map((path) => {
    const text = readFileSync(join(root, path), 'utf8');
    const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    return { path, sourceFile, constants: fileConstants(sourceFile) };
  });
  // Constants imported from another file (UPPER_CASE by house style): any file's constant of that name.
  const everywhere = new Map();
  for (const { constants } of parsed) {
    for (const [name, value] of constants) if (UPPER_CASE.test(name) && !everywhere.has(name)) everywhere.set(name, value);
  }

  const messages = new Map();
  const unresolved = new Map();
  const resolved = new Set();
  for (const { path, sourceFile, constants } of parsed) {
    const at = (node) => `${path}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (text, node) => {
      if (!SENTENCE.test(text) || NOT_MESSAGES.has(text)) return;
      const places = messages.get(text) ?? [];
      places.push(at(node));
      messages.set(text, places);
    };
    const functions = localFunctions(sourceFile);
    /** A name's value: a parameter bound at the call being followed, else a constant. */
    const lookup = (name, bound) =>
      bound.has(name) ? bound.get(name) : constants.has(name) ? constants.get(name) : everywhere.get(name);
    /** `Title must be at most ${FORUM_TITLE_MAX} characters` is fixed when every `${…}` is known (a constant, a bound parameter). */
    const resolveTemplate = (template, bound) => {
      let text = template.head.text;
      for (const span of template.templateSpans) {
        const value = knownValue(span.expression, bound);
        if (typeof value !== 'string' && typeof value !== 'number') return null;
        text += String(value) + span.literal.text;
      }
      return text;
    };
    /** A literal, constant or bound parameter as a value (string or number); undefined when unknown here. */
    const knownValue = (expression, bound) => {
      const node = stripAsConst(expression);
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
      if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
      if (ts.isIdentifier(node)) return lookup(node.text, bound);
      if (ts.isTemplateExpression(node)) return resolveTemplate(node, bound) ?? undefined;
      if (ts.isPropertyAccessExpression(node)) return knownValue(node.expression, bound)?.[node.name.text];
      // `${PROMO_LIMIT_MAX.toLocaleString('en-US')}`, as the server formats it.
      const callee = ts.isCallExpression(node) ? node.expression : undefined;
      if (callee && ts.isPropertyAccessExpression(callee) && callee.name.text === 'toLocaleString') {
        const number = knownValue(callee.expression, bound);
        const locale = node.arguments[0] && ts.isStringLiteral(node.arguments[0]) ? node.arguments[0].text : undefined;
        if (typeof number === 'number' && locale) return number.toLocaleString(locale);
      }
      return undefined;
    };
    /** `min <= 1 ? … : …` with both sides known: true or false; otherwise undefined (both branches count). */
    const decide = (condition, bound) => {
      const node = stripAsConst(condition);
      if (!ts.isBinaryExpression(node)) return undefined;
      const [left, right] = [knownValue(node.left, bound), knownValue(node.right, bound)];
      if (typeof left !== 'number' || typeof right !== 'number') return undefined;
      return COMPARISONS[node.operatorToken.kind]?.(left, right);
    };
    /** A message position: take its literal, follow an identifier, look into the branches of a choice. */
    const take = (expression, bound) => {
      const node = stripAsConst(expression);
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text, node);
      else if (ts.isTemplateExpression(node)) {
        const text = resolveTemplate(node, bound);
        if (text === null) unresolved.set(node, { text: node.getText(sourceFile), at: at(node) });
        else {
          resolved.add(node);
          add(text, node);
        }
      } else if (ts.isIdentifier(node)) {
        const text = lookup(node.text, bound);
        if (typeof text === 'string') add(text, node);
      } else if (ts.isConditionalExpression(node)) {
        const chosen = decide(node.condition, bound);
        if (chosen !== false) take(node.whenTrue, bound);
        if (chosen !== true) take(node.whenFalse, bound);
      } else if (
        ts.isBinaryExpression(node) &&
        [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
      ) {
        take(node.left, bound);
        take(node.right, bound);
      }
    };
    /** `const [status, detail] = cond ? [431, 'text'] : [400, 'text']`: the element at `index` of each tuple. */
    const takeElement = (expression, index, bound) => {
      const node = stripAsConst(expression);
      if (ts.isArrayLiteralExpression(node) && node.elements[index]) take(node.elements[index], bound);
      else if (ts.isConditionalExpression(node)) {
        takeElement(node.whenTrue, index, bound);
        takeElement(node.whenFalse, index, bound);
      }
    };
    /** UPPER_CASE constants, `*_MESSAGES` tables, and variables named like a message (`const detail = …`). */
    const takeDeclared = (name, initializer, bound) => {
      if (ts.isArrayBindingPattern(name)) {
        name.elements.forEach((element, index) => {
          if (ts.isBindingElement(element) && ts.isIdentifier(element.name) && MESSAGE_NAMES.has(element.name.text)) {
            takeElement(initializer, index, bound);
          }
        });
      } else if (ts.isIdentifier(name) && (UPPER_CASE.test(name.text) || MESSAGE_NAMES.has(name.text))) {
        const table = stripAsConst(initializer);
        if (name.text.endsWith('_MESSAGES') && ts.isObjectLiteralExpression(table)) {
          for (const property of table.properties) if (ts.isPropertyAssignment(property)) take(property.initializer, bound);
        } else take(initializer, bound);
      }
    };
    const following = new Set();
    /**
     * A call of a helper in this file with known arguments, e.g. `text('Bank name', 120)`: its body
     * again with the parameters bound, so `${label} is required` becomes 'Bank name is required'.
     */
    const followCall = (call, bound) => {
      const name = ts.isIdentifier(call.expression) ? call.expression.text : '';
      const helper = functions.get(name);
      if (!helper || following.has(name)) return;
      const parameters = new Map();
      helper.parameters.forEach((parameter, index) => {
        if (!ts.isIdentifier(parameter.name)) return;
        const given = call.arguments[index] ?? parameter.initializer;
        const value = given ? knownValue(given, given === parameter.initializer ? parameters : bound) : undefined;
        if (value !== undefined) parameters.set(parameter.name.text, value);
      });
      if (parameters.size === 0) return;
      following.add(name);
      visit(helper.body, parameters);
      following.delete(name);
    };
    const visit = (node, bound) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        if (!NOT_FOR_USERS.has(calleeName(node))) for (const argument of node.arguments ?? []) take(argument, bound);
        if (ts.isCallExpression(node)) followCall(node, bound);
      } else if (ts.isReturnStatement(node) && node.expression) {
        take(node.expression, bound);
      } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
        take(node.body, bound);
      } else if (ts.isPropertyAssignment(node) && MESSAGE_NAMES.has(propertyName(node))) {
        take(node.initializer, bound);
      } else if (ts.isVariableDeclaration(node) && node.initializer) {
        takeDeclared(node.name, node.initializer, bound);
      }
      ts.forEachChild(node, (child) => visit(child, bound));
    };
    visit(sourceFile, new Map());
  }
  const leftOut = [...unresolved].filter(([node]) => !resolved.has(node) && readsLikeMessage(node)).map(([, place]) => place);
  return { messages: new Map([...messages].sort(([a], [b]) => a.localeCompare(b))), leftOut };
}

export const CATALOGUE_DIR = 'packages/shared/src/messages';
export const CATALOGUE_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'];
/** i18next plural suffixes: a language may lack `_one` (zh, ja) or add `_many`/`_few`/… (fr, es, …). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/** The catalogue's tables, language → (id → text). */
export function readCatalogue(root) {
  return Object.fromEntries(
    CATALOGUE_LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(join(root, CATALOGUE_DIR, `${language}.json`), 'utf8')),
    ]),
  );
}

/**
 * What is wrong with the catalogue, as lines of text (none when all is well): harvested messages
 * it lacks, English texts given to two ids, ids a language lacks or has beyond English (plural
 * forms aside), placeholders a translation drops, empty texts.
 * @param {Map<string, string[]>} messages the harvested texts (collectServerMessages)
 * @param {Record<string, Record<string, string>>} catalogue language → id → text
 */
export function catalogueProblems(messages, catalogue) {
  const problems = [];
  const english = catalogue.en;
  const byText = new Map();
  for (const [id, text] of Object.entries(english)) {
    if (byText.has(text)) problems.push(`same English text for ${byText.get(text)} and ${id}: ${JSON.stringify(text)}`);
    else byText.set(text, id);
  }
  for (const [text, places] of messages) {
    if (!byText.has(text)) problems.push(`not in en.json: ${JSON.stringify(text)}  (${places[0]})`);
  }
  const stem = (id) => id.replace(PLURAL, '');
  for (const language of CATALOGUE_LANGUAGES) {
    const table = catalogue[language];
    const stems = new Set(Object.keys(table).map(stem));
    const englishStems = new Set(Object.keys(english).map(stem));
    for (const id of Object.keys(english)) {
      if (!(id in table) && !(PLURAL.test(id) && stems.has(stem(id)))) problems.push(`${language}.json lacks ${id}`);
    }
    for (const [id, text] of Object.entries(table)) {
      if (!(id in english) && !(PLURAL.test(id) && englishStems.has(stem(id))))
        problems.push(`${language}.json has ${id}, which en.json has not`);
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${language}.json: ${id} is empty`);
      const source = english[id] ?? english[`${stem(id)}_other`] ?? '';
      const missing = placeholders(source).filter((name) => !placeholders(String(text)).includes(name) && name !== 'count');
      if (missing.length > 0) problems.push(`${language}.json: ${id} drops {{${missing.join('}}, {{')}}}`);
    }
  }
  return problems;
}

function main() {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const { messages, leftOut } = collectServerMessages(repo);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify([...messages.keys()], null, 2));
    return;
  }
  const catalogue = readCatalogue(repo);
  const problems = catalogueProblems(messages, catalogue);
  console.log(
    `${messages.size} fixed messages; the catalogue has ${Object.keys(catalogue.en).length} ids in ${CATALOGUE_LANGUAGES.length} languages; ${problems.length} problems`,
  );
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(`${leftOut.length} interpolated texts left out (they cannot be matched exactly):`);
  for (const { text, at } of leftOut) console.log(`  ${at}  ${text}`);
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
