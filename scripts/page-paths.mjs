// Hand-typed page paths and requests beside the API client, found in a source file's syntax tree
// (string and template literals, calls), for check-imports-web.mjs and check-imports-server.mjs.
// A page path is a literal that starts with the first segment of a page of the site's route table
// (packages/contracts/src/routes.ts, PAGE_PATTERNS): '/profile', `/login?return=…`, `${url}/book/…`.
// Comments and regular expressions are not literals, so they may name pages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ROUTES_FILE = path.join(ROOT, 'packages/contracts/src/routes.ts');

/** The first segment of every page pattern ('book' of '/book/chapters/:id'), read from the route table's source. */
export function pageSegments(routesFile = ROUTES_FILE) {
  const table = /export const PAGE_PATTERNS = \{([\s\S]*?)\n\} as const;/.exec(readFileSync(routesFile, 'utf8'));
  if (!table) throw new Error(`${routesFile}: no PAGE_PATTERNS table`);
  const segments = [...table[1].matchAll(/:\s*'\/([\w-]+)/g)].map((match) => match[1]);
  return [...new Set(segments)].sort();
}

/**
 * Whether a literal's text names a page: it starts with `/<segment>` followed by its end, `/`, `?`, `#`
 * or (in a template) an interpolation. The home page, a bare '/', only with `home`: in the server a
 * '/' is as often a separator.
 */
export function pagePathTest(segments, { home }) {
  const words = segments.map((segment) => segment.replace(/-/g, '\\-')).join('|');
  const start = new RegExp(`^/(?:${words})(?:$|[/?#])`);
  const test = (text, whole) => start.test(text) || (home && whole && text === '/');
  // Only files whose text has a quote, backtick or closing brace before such a path are parsed.
  test.worthParsing = new RegExp(`['"\`}]/(?:${words}${home ? '|[\'"]' : ''})`);
  return test;
}

const line = (source, node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** The page paths typed in a file: `{ line, text }` for each literal, or each part of a template, that names a page. */
export function pagePathsIn(file, text, isPagePath) {
  if (!isPagePath.worthParsing.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isRouteDeclaration(node) && isPagePath(node.text, true)) found.push({ line: line(source, node), text: node.text });
    } else if (ts.isTemplateExpression(node)) {
      // Each part: `/login?return=${…}`, `${url}/book/chapters/${…}`.
      const parts = [node.head, ...node.templateSpans.map((span) => span.literal)];
      for (const part of parts) if (isPagePath(part.text, false)) found.push({ line: line(source, part), text: part.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'all', 'route']);

/**
 * A path the server answers at, not a link: a route's path (`app.get('/reader/progress', …)`, under
 * /api/v1) or a plugin's prefix (`{ prefix: '/admin' }`). Import specifiers are no links either.
 */
function isRouteDeclaration(node) {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isModuleDeclaration(parent)) return true;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node && ts.isPropertyAccessExpression(parent.expression))
    return ROUTE_METHODS.has(parent.expression.name.text);
  return ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isIdentifier(parent.name) && parent.name.text === 'prefix';
}

const GLOBALS = new Set(['globalThis', 'window', 'self']);

/**
 * The requests a file makes by itself: the global fetch (called or passed on), an XMLHttpRequest, a
 * beacon. `{ line, text }` each, `text` the name.
 */
export function requestsIn(file, text) {
  if (!/\b(?:fetch|XMLHttpRequest|sendBeacon)\b/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isIdentifier(node) && isGlobalReference(node) && (node.text === 'fetch' || node.text === 'XMLHttpRequest'))
      found.push({ line: line(source, node), text: node.text });
    else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const [owner, name] = [node.expression.text, node.name.text];
      if ((GLOBALS.has(owner) && (name === 'fetch' || name === 'XMLHttpRequest')) || (owner === 'navigator' && name === 'sendBeacon'))
        found.push({ line: line(source, node), text: `${owner}.${name}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An identifier that names a variable, not a property, a key or a declaration's own name. */
function isGlobalReference(node) {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node)
    return false;
  if ((ts.isMethodSignature(parent) || ts.isMethodDeclaration(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node)
    return false;
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) && parent.name === node) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isQualifiedName(parent)) return false;
  return true;
}

/**
 * Findings the allow-list does not excuse. `allowed` entries: `{ file, text, reason }`, `file` relative
 * to the checked folder; an entry that excuses nothing is reported too, so the list stays true.
 */
export function unexcused(findings, allowed) {
  const used = new Set();
  const left = findings.filter((finding) => {
    const entry = allowed.find((candidate) => candidate.file === finding.file && candidate.text === finding.text);
    if (entry) used.add(entry);
    return !entry;
  });
  const stale = allowed.filter((entry) => !used.has(entry));
  return { left, stale };
}
