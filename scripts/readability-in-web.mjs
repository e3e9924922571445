// check-imports-web.mjs rule 6 (issue 57): the web app renders the server's decision of who may read
// a chapter (the access answer: `access`, `readable`), it never makes one. Found here, in a file's
// syntax (TypeScript's parser, no type checking):
//
// - a decision that joins a chapter's public `is_free` with the reader's membership or unlocks: one
//   chain of `||`/`&&`/`??`, or one conditional with the conditions of the conditionals in its
//   branches, naming `is_free` and one of READER_STATE (`chapter.is_free || isMember || unlocked`,
//   `chapter.is_free ? 'free' : isMember ? null : 'locked'`);
// - a value named as readability (readable, isReadable, canRead, mayRead, mayTryToSave, …) made from
//   `is_free` or the reader's membership or unlocks;
// - a chapter's early-access end compared with anything (`Date.parse(early_access_until) > Date.now()`):
//   whether a chapter is in early access is the server's to say.
//
// Display code passes: `chapter.is_free ? 'free' : null` (the public fact alone), a membership's own
// state (`membership.is_expired ? expiredOn : memberUntil`), the server's `access.readable`.
import ts from 'typescript';

/** What the browser knows of the reader's own entitlements: never a reason to open a chapter. */
const READER_STATE = new Set([
  'isMember',
  'is_member',
  'hasMembership',
  'membership',
  'is_expired',
  'unlocked',
  'unlocks',
  'isUnlocked',
  'hasUnlocked',
  'grants',
]);
const PUBLIC_FREE = 'is_free';
const EARLY_ACCESS_END = new Set(['early_access_until', 'earlyAccessUntil']);
const READABILITY_NAME = /^(?:(?:is|has)?[Rr]eadable|(?:can|may)(?:Read|Open|Save|TryToSave)(?:Chapter)?)$/;
const LOGICAL = new Set([ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.QuestionQuestionToken]);
const ORDERING = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

const isLogical = (node) => ts.isBinaryExpression(node) && LOGICAL.has(node.operatorToken.kind);
const unwrap = (node) => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

/** The identifiers under `node` (variables and property names alike). */
function namesIn(node, names = new Set()) {
  if (ts.isIdentifier(node)) names.add(node.text);
  ts.forEachChild(node, (child) => void namesIn(child, names));
  return names;
}

/** A conditional's conditions, with those of the conditionals it chooses between. */
function conditionsOf(node, conditions = []) {
  conditions.push(node.condition);
  for (const branch of [node.whenTrue, node.whenFalse].map(unwrap))
    if (ts.isConditionalExpression(branch)) conditionsOf(branch, conditions);
  return conditions;
}

const joinsFreeWithReader = (names) => names.has(PUBLIC_FREE) && [...names].some((name) => READER_STATE.has(name));

/** The readability decisions in one file: `{ line, text }`, one per line. */
export function readabilityDecisionsIn(file, text) {
  if (![PUBLIC_FREE, ...READER_STATE, ...EARLY_ACCESS_END].some((name) => text.includes(name))) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map();
  const report = (node, what) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (!found.has(line)) found.set(line, { line, text: what });
  };
  const visit = (node) => {
    const up = unwrapUp(node);
    if (isLogical(node) && !(up && isLogical(up))) {
      if (joinsFreeWithReader(namesIn(node))) report(node, 'is_free joined with membership or unlocks');
    } else if (ts.isConditionalExpression(node) && !(up && ts.isConditionalExpression(up) && unwrap(up.condition) !== node)) {
      const names = new Set();
      for (const condition of conditionsOf(node)) namesIn(condition, names);
      if (joinsFreeWithReader(names)) report(node, 'is_free joined with membership or unlocks');
    }
    if (ts.isBinaryExpression(node) && ORDERING.has(node.operatorToken.kind)) {
      if ([...namesIn(node)].some((name) => EARLY_ACCESS_END.has(name))) report(node, 'early access compared');
    }
    const named = (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) && ts.isIdentifier(node.name) ? node : null;
    if (named?.initializer && READABILITY_NAME.test(named.name.text)) {
      const names = namesIn(named.initializer);
      if (names.has(PUBLIC_FREE) || [...names].some((name) => READER_STATE.has(name)))
        report(named, `${named.name.text} made from membership, unlocks or is_free`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found.values()];
}

/** The nearest ancestor that is not a parenthesis. */
function unwrapUp(node) {
  let at = node.parent;
  while (at && ts.isParenthesizedExpression(at)) at = at.parent;
  return at;
}
