#!/usr/bin/env node
/**
 * Lists every fixed English message the API can send to a user, so the storefront can translate
 * each one exactly (apps/web/src/lib/i18n/{lng}-messages.json, keyed by the English text).
 *
 *   node scripts/server-messages.mjs            # counts, the texts en-messages.json lacks, the texts left out
 *   node scripts/server-messages.mjs --json     # every collected text, one JSON array
 *
 * Reads apps/api/src and packages/shared/src (tests, the debug routes and the e-mail texts, which
 * are translated on the server, excluded). A text counts when it sits where a message goes:
 * an argument of a call (new AppError(code, 'text'), fieldError, requireSignedIn, idParams, a zod
 * check such as .min(n, 'text') or .refine(fn, 'text')), a `message`/`error`/`detail` property, a
 * returned value (functions that word a problem: `return 'This order is already paid'`), a
 * variable named message/detail/error, an UPPER_CASE constant or a `*_MESSAGES` table; an identifier there is followed to its constant, and a `${CONSTANT}`
 * in a template is filled in. Texts built with other `${…}` values (a field label passed to a
 * schema helper, a count, a status) cannot be matched exactly and are reported as left out.
 * Only sentence-like texts count (a capital letter, then words), which keeps field names, codes
 * and paths out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SOURCE_DIRS = ['apps/api/src', 'packages/shared/src'];

/** Debug routes (their admins only) and the e-mail texts (already in six languages on the server). */
const EXCLUDED = [
  /\.test\.ts$/,
  /\.d\.ts$/,
  /^apps\/api\/src\/modules\/debug\//,
  /^apps\/api\/src\/lib\/mail-texts\.ts$/,
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

/** `const NAME = 'text'` (and `const NAME = 8`, for texts that interpolate it) anywhere in a file, as name → value. */
function fileConstants(sourceFile) {
  const constants = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = stripAsConst(node.initializer);
      if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) constants.set(node.name.text, value.text);
      else if (ts.isNumericLiteral(value)) constants.set(node.name.text, Number(value.text.replaceAll('_', '')));
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
  const leftOut = [];
  for (const { path, sourceFile, constants } of parsed) {
    const at = (node) => `${path}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (text, node) => {
      if (!SENTENCE.test(text) || NOT_MESSAGES.has(text)) return;
      const places = messages.get(text) ?? [];
      places.push(at(node));
      messages.set(text, places);
    };
    const constant = (name) => (constants.has(name) ? constants.get(name) : everywhere.get(name));
    /** `Title must be at most ${FORUM_TITLE_MAX} characters` is fixed when every `${…}` is a constant. */
    const resolveTemplate = (template) => {
      let text = template.head.text;
      for (const span of template.templateSpans) {
        const value = ts.isIdentifier(span.expression) ? constant(span.expression.text) : undefined;
        if (value === undefined) return null;
        text += String(value) + span.literal.text;
      }
      return text;
    };
    /** A message position: take its literal, follow an identifier, look into both branches of a choice. */
    const take = (expression) => {
      const node = stripAsConst(expression);
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text, node);
      else if (ts.isTemplateExpression(node)) {
        const text = resolveTemplate(node);
        if (text !== null) add(text, node);
        else if (readsLikeMessage(node)) leftOut.push({ text: node.getText(sourceFile), at: at(node) });
      } else if (ts.isIdentifier(node)) {
        const text = constant(node.text);
        if (typeof text === 'string') add(text, node);
      } else if (ts.isConditionalExpression(node)) {
        take(node.whenTrue);
        take(node.whenFalse);
      } else if (
        ts.isBinaryExpression(node) &&
        [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
      ) {
        take(node.left);
        take(node.right);
      }
    };
    /** `const [status, detail] = cond ? [431, 'text'] : [400, 'text']`: the element at `index` of each tuple. */
    const takeElement = (expression, index) => {
      const node = stripAsConst(expression);
      if (ts.isArrayLiteralExpression(node) && node.elements[index]) take(node.elements[index]);
      else if (ts.isConditionalExpression(node)) {
        takeElement(node.whenTrue, index);
        takeElement(node.whenFalse, index);
      }
    };
    /** UPPER_CASE constants, `*_MESSAGES` tables, and variables named like a message (`const detail = …`). */
    const takeDeclared = (name, initializer) => {
      if (ts.isArrayBindingPattern(name)) {
        name.elements.forEach((element, index) => {
          if (ts.isBindingElement(element) && ts.isIdentifier(element.name) && MESSAGE_NAMES.has(element.name.text)) {
            takeElement(initializer, index);
          }
        });
      } else if (ts.isIdentifier(name) && (UPPER_CASE.test(name.text) || MESSAGE_NAMES.has(name.text))) {
        const table = stripAsConst(initializer);
        if (name.text.endsWith('_MESSAGES') && ts.isObjectLiteralExpression(table)) {
          for (const property of table.properties) if (ts.isPropertyAssignment(property)) take(property.initializer);
        } else take(initializer);
      }
    };
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        if (!NOT_FOR_USERS.has(calleeName(node))) for (const argument of node.arguments ?? []) take(argument);
      } else if (ts.isReturnStatement(node) && node.expression) {
        take(node.expression);
      } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
        take(node.body);
      } else if (ts.isPropertyAssignment(node) && MESSAGE_NAMES.has(propertyName(node))) {
        take(node.initializer);
      } else if (ts.isVariableDeclaration(node) && node.initializer) {
        takeDeclared(node.name, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { messages: new Map([...messages].sort(([a], [b]) => a.localeCompare(b))), leftOut };
}

function main() {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const { messages, leftOut } = collectServerMessages(repo);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify([...messages.keys()], null, 2));
    return;
  }
  const english = JSON.parse(readFileSync(join(repo, 'apps/web/src/lib/i18n/en-messages.json'), 'utf8'));
  const missing = [...messages].filter(([text]) => !(text in english));
  console.log(
    `${messages.size} fixed messages, ${messages.size - missing.length} in en-messages.json, ${missing.length} missing`,
  );
  for (const [text, places] of missing) console.log(`  missing: ${JSON.stringify(text)}  (${places[0]})`);
  console.log(`${leftOut.length} interpolated texts left out (they cannot be matched exactly):`);
  for (const { text, at } of leftOut) console.log(`  ${at}  ${text}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
