// Module-level mutable state found in a source file's syntax tree, for check-imports-server.mjs
// (rule 4) and check-imports-web.mjs (rule 7): a `let` or `var` at a file's top level, or a
// top-level `const x = new …` (a Set, a Map, a cache), array or object literal that a function
// mutates (add, set, delete, push, x[k] = …, x.n = …, x.n++). A table filled once at the top level
// and only read is not state.
import ts from 'typescript';

const MUTATORS = new Set([
  'add',
  'set',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);

const insideFunction = (node) => {
  for (let at = node.parent; at; at = at.parent) if (ts.isFunctionLike(at)) return true;
  return false;
};
const isAssignment = (node) =>
  ts.isBinaryExpression(node) &&
  node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
  node.operatorToken.kind <= ts.SyntaxKind.LastAssignment;

/** Whether a function in `tree` changes the collection `name`: a mutating method, an assignment to a member, delete. */
function mutatedInFunction(tree, name) {
  let mutated = false;
  const visit = (node) => {
    if (mutated) return;
    if (ts.isIdentifier(node) && node.text === name && insideFunction(node)) {
      const member = node.parent;
      if ((ts.isPropertyAccessExpression(member) || ts.isElementAccessExpression(member)) && member.expression === node) {
        const use = member.parent;
        const called = ts.isCallExpression(use) && use.expression === member && ts.isPropertyAccessExpression(member);
        const counted =
          (ts.isPrefixUnaryExpression(use) || ts.isPostfixUnaryExpression(use)) &&
          (use.operator === ts.SyntaxKind.PlusPlusToken || use.operator === ts.SyntaxKind.MinusMinusToken);
        if (
          (called && MUTATORS.has(member.name.text)) ||
          (isAssignment(use) && use.left === member) ||
          counted ||
          ts.isDeleteExpression(use)
        )
          mutated = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return mutated;
}

/** The module-level state of one file: `{ name, line, what }` for each `let`/`var`, and each collection a function mutates. */
export function moduleState(file, text) {
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  for (const statement of tree.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(tree);
      const line = tree.getLineAndCharacterOfPosition(declaration.getStart(tree)).line + 1;
      if (!isConst) {
        found.push({ name, line, what: `a module-level ${statement.declarationList.flags & ts.NodeFlags.Let ? 'let' : 'var'}` });
        continue;
      }
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)))
        value = value.expression;
      const collection =
        value !== undefined && (ts.isNewExpression(value) || ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value));
      if (collection && ts.isIdentifier(declaration.name) && mutatedInFunction(tree, name))
        found.push({ name, line, what: 'a module-level collection that a function changes' });
    }
  }
  return found;
}

/**
 * The rule over a tree: each piece of module-level state must be listed in `allowed` (a Map from
 * `file name` to why it is module-level), and each listed entry whose file is among `sources` must
 * still match, so the list stays exact; with `isWholeApp` (the app itself, not a test's fixture
 * tree) an entry whose file is gone fails too. `sources` is `{ file, text }` (file relative to the
 * source folder); `advice` ends each problem with where such state belongs instead.
 * Returns the problems and how many allowed pieces were seen.
 */
export function checkModuleState(sources, allowed, { advice, listName, isWholeApp }) {
  const problems = [];
  const seen = new Set();
  for (const { file, text } of sources) {
    for (const { name, line, what } of moduleState(file, text)) {
      seen.add(`${file} ${name}`);
      if (!allowed.has(`${file} ${name}`)) problems.push(`${file}:${line} ${name} is ${what}: ${advice}`);
    }
  }
  const files = new Set(sources.map(({ file }) => file));
  for (const entry of allowed.keys()) {
    const [file] = entry.split(' ');
    if ((isWholeApp || files.has(file)) && !seen.has(entry))
      problems.push(`${listName} lists ${entry}, which is no longer module-level state: remove it`);
  }
  return { problems, seen: seen.size };
}
