/**
 * The functions of src/ longer than 80 lines, which test/layout.test.ts expects to be none: a
 * function that long does more than one job, and a newcomer reads it whole to change any part of
 * it. Split one into named parts, each with one job.
 *
 * A function is a function declaration, arrow function, function expression, method, constructor
 * or accessor; its length runs from its first line (after its doc comment) to its last. Each is
 * measured on its own: a function's length includes the functions written inside it, which are
 * measured too.
 *
 * Left out, as declarative Pothos field blocks (a list of field definitions, as long as the type
 * has fields): an arrow function or function expression that is
 * - the `fields` property of the options passed to `builder.objectType`, `interfaceType`,
 *   `inputType`, `node`, or a ref's `.implement`, or
 * - passed to `builder.queryFields`, `mutationFields`, `subscriptionFields`, `objectFields`,
 *   `interfaceFields` or their one-field forms (`queryField`, `objectField`, …),
 * and whose result is an object literal: its body is one, or is `const` declarations (shared
 * pieces of the fields, such as an argument) and then `return` of one. A resolver inside such a
 * block is a function of its own, measured like any other. Generated files (`*.generated.ts`,
 * `*.d.ts`) are left out: no one writes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The longest a function of src/ may be, in lines. */
export const MAX_FUNCTION_LINES = 80;

/** Builder calls whose options' `fields` is a field block. */
const TYPE_METHODS = new Set(['objectType', 'interfaceType', 'inputType', 'node', 'implement']);
/** Builder calls whose callback is a field block. */
const FIELDS_METHODS = new Set([
  'queryFields',
  'mutationFields',
  'subscriptionFields',
  'objectFields',
  'interfaceFields',
  'queryField',
  'mutationField',
  'subscriptionField',
  'objectField',
  'interfaceField',
]);

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The name of the method a call calls (`builder.objectType(…)` → `objectType`). */
function calledMethod(call: ts.Node): string | undefined {
  return ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined;
}

/** Whether the function's result is an object literal: its body, or `const`s and then `return` of one. */
function resultIsObjectLiteral(fn: ts.ArrowFunction | ts.FunctionExpression): boolean {
  const body = fn.body;
  if (!ts.isBlock(body)) return ts.isObjectLiteralExpression(unparenthesized(body));
  const statements = body.statements;
  const last = statements.at(-1);
  if (!last || !ts.isReturnStatement(last) || !last.expression || !ts.isObjectLiteralExpression(unparenthesized(last.expression))) {
    return false;
  }
  return statements.slice(0, -1).every((s) => ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.Const) !== 0);
}

function unparenthesized(node: ts.Expression): ts.Expression {
  let expression = node;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  return expression;
}

/** Whether the function is a declarative Pothos field block (see the file's comment). */
function isFieldBlock(fn: FunctionLike): boolean {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  const parent = fn.parent;
  const isFieldsOption =
    ts.isPropertyAssignment(parent) &&
    ts.isIdentifier(parent.name) &&
    parent.name.text === 'fields' &&
    ts.isObjectLiteralExpression(parent.parent) &&
    TYPE_METHODS.has(calledMethod(parent.parent.parent) ?? '');
  const isFieldsCallback = FIELDS_METHODS.has(calledMethod(parent) ?? '');
  return (isFieldsOption || isFieldsCallback) && resultIsObjectLiteral(fn);
}

/** What a function is called in a report: its name, or what it is passed to or assigned to. */
function nameOf(fn: FunctionLike): string {
  if (fn.name) return fn.name.getText();
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `argument of ${parent.expression.getText().slice(0, 60)}`;
  return '(anonymous)';
}

/** Every function of one file longer than the limit. */
export function longFunctionsOf(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node) && !isFieldBlock(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the TypeScript files under `dir` (relative to `root`) longer than the limit. */
export function longFunctions(root: string, dir = 'src'): LongFunction[] {
  const files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.generated.ts'))
    .map((f) => relative(root, join(root, dir, f)))
    .sort();
  return files.flatMap((file) => longFunctionsOf(file, readFileSync(join(root, file), 'utf8')));
}
