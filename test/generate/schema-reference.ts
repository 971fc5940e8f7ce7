/**
 * docs/schema-reference.md, written from the schema (what schema/schema.graphql prints): every
 * type with its description, and its fields, arguments and values with theirs, so that the
 * reference a reader finds is the one the code serves. `npm run codegen:reference` (part of
 * `npm run codegen`) runs this file; test/docs/manual.test.ts fails when the committed page differs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  astFromValue,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { schema } from '../../src/graph/index.js';

export const REFERENCE = fileURLToPath(new URL('../../docs/schema-reference.md', import.meta.url));

/** Text for a table cell: one line, pipes escaped. */
const cell = (text: string | null | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const anchor = (name: string) => name.toLowerCase();
/** A type reference, linked to its entry when it is one of this page's. */
function typeRef(type: { toString(): string }, named: ReadonlySet<string>): string {
  const text = type.toString();
  const name = text.replace(/[[\]!]/g, '');
  return named.has(name) ? `[\`${text}\`](#${anchor(name)})` : `\`${text}\``;
}

/** An argument's default as a client writes it (`MAINNET`, not the enum's internal value). */
function defaultOf(a: GraphQLArgument): string {
  const ast = astFromValue(a.defaultValue, a.type);
  return ast ? print(ast) : JSON.stringify(a.defaultValue);
}

function argsOf(args: readonly GraphQLArgument[], named: ReadonlySet<string>): string {
  if (args.length === 0) return '';
  const list = args.map(
    (a) =>
      `\`${a.name}\`: ${typeRef(a.type, named)}${a.defaultValue !== undefined ? ` = \`${defaultOf(a)}\`` : ''}${a.description ? ` — ${cell(a.description)}` : ''}`,
  );
  return `<br>Arguments: ${list.join('; ')}`;
}

function fieldRows(fields: readonly (GraphQLField<unknown, unknown> | GraphQLInputField)[], named: ReadonlySet<string>): string[] {
  const rows = ['| Field | Type | Description |', '|---|---|---|'];
  for (const f of fields) {
    const deprecated = f.deprecationReason ? ` **Deprecated:** ${cell(f.deprecationReason)}` : '';
    const args = 'args' in f ? argsOf(f.args, named) : '';
    rows.push(`| \`${f.name}\` | ${typeRef(f.type, named)} | ${cell(f.description)}${deprecated}${args} |`);
  }
  return rows;
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  if (isInputObjectType(type)) return 'input';
  return 'scalar';
}

/** The page: the root types first, then every other type by name. */
export function schemaReference(of: GraphQLSchema = schema): string {
  const roots = [of.getQueryType(), of.getMutationType(), of.getSubscriptionType()].filter((t) => t !== null && t !== undefined);
  const rest = Object.values(of.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && !roots.includes(t as never))
    .sort((a, b) => a.name.localeCompare(b.name));
  const types = [...roots, ...rest] as GraphQLNamedType[];
  const named = new Set(types.map((t) => t.name));
  const out = [
    '# Schema reference',
    '',
    '<!-- Written by `npm run codegen:reference` from the schema (schema/schema.graphql): edit the descriptions in src/graph/ instead. -->',
    '',
    `Every type of the graph, ${types.length} in all, with what each field, argument and value is. GraphiQL shows the same (its Docs pane); the SDL is [\`schema/schema.graphql\`](../schema/schema.graphql).`,
    '',
  ];
  for (const type of types) {
    out.push(`## ${type.name}`, '', `*${kindOf(type)}*${type.description ? ` — ${type.description.trim()}` : ''}`, '');
    if (isObjectType(type) || isInterfaceType(type)) {
      const interfaces = type.getInterfaces();
      if (interfaces.length > 0) out.push(`Implements ${interfaces.map((i) => typeRef(i, named)).join(', ')}.`, '');
      out.push(...fieldRows(Object.values(type.getFields()), named), '');
    } else if (isInputObjectType(type)) {
      out.push(...fieldRows(Object.values(type.getFields()), named), '');
    } else if (isUnionType(type)) {
      out.push(
        `One of ${type
          .getTypes()
          .map((t) => typeRef(t, named))
          .join(', ')}.`,
        '',
      );
    } else if (isEnumType(type)) {
      out.push('| Value | Description |', '|---|---|');
      for (const v of type.getValues())
        out.push(`| \`${v.name}\` | ${cell(v.description)}${v.deprecationReason ? ` **Deprecated:** ${cell(v.deprecationReason)}` : ''} |`);
      out.push('');
    } else if (isScalarType(type) && type.specifiedByURL) {
      out.push(`Specified by ${type.specifiedByURL}.`, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(REFERENCE, schemaReference());
