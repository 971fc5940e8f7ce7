/**
 * Writes src/upstreams/answer-checks.generated.ts: for every operation of the Data API's and the
 * Metrics API's OpenAPI documents (this folder), a check of its success answer against the
 * response schema, compiled ahead of time by Ajv (standalone code), so that the gateway neither
 * ships the specs nor compiles a schema on a request (compiling getTxByHash's took 110 ms).
 *
 * What is checked is the shape the gateway reads: types, required properties, items, the
 * alternatives of `oneOf` (as `anyOf`: the spec's shapes overlap), `nullable`. Not checked:
 * formats, patterns, enums and bounds, so that an upstream adding an enum value or sending a
 * longer id still answers; properties the spec does not name are let through (the upstream sends
 * more than it documents, src/upstreams/data-api/wire.ts says where).
 *
 * `npm run codegen:wire` runs it; test/upstreams/codegen.test.ts fails when the committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';

const Ajv = AjvModule as unknown as typeof AjvModule.default;
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

export const OUTPUT = new URL('../../src/upstreams/answer-checks.generated.ts', import.meta.url);

const SPECS = [
  { service: 'data-api', file: new URL('../contract/data-api.glacier.openapi.json', import.meta.url) },
  { service: 'metrics-api', file: new URL('../contract/metrics-api.popsicle.openapi.json', import.meta.url) },
] as const;

/**
 * GET /v1/avg_tps/{chainId} is in no OpenAPI document; this schema is the documented answer
 * (test/contract/examples/metrics.v1.avg_tps.json): results, status, lastRun, and a UUID page
 * token only when more data exists.
 */
export const AVG_TPS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['results', 'status', 'lastRun'],
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['timestamp', 'value'],
        properties: { timestamp: { type: 'integer' }, value: { type: 'number' } },
      },
    },
    status: { type: 'integer' },
    lastRun: { type: 'integer' },
    nextPageToken: { type: 'string', format: 'uuid' },
  },
};
/** The keywords of the shape; anything else (descriptions, examples, formats, enums, bounds) goes. */
const SHAPE = new Set(['type', 'properties', 'items', 'required', 'anyOf', 'oneOf', 'allOf', '$ref']);

type Schema = Record<string, unknown>;

/** `schema` reduced to its shape, its `$ref`s pointing into `defs` (the document's components). */
function shapeOf(schema: unknown, defs: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => shapeOf(s, defs));
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Schema;
  if (nullable === true) {
    const inner = shapeOf(rest, defs) as Schema;
    return typeof inner.type === 'string' ? { ...inner, type: [inner.type, 'null'] } : { anyOf: [inner, { type: 'null' }] };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (!SHAPE.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, s]) => [name, shapeOf(s, defs)]));
    } else if (key === 'oneOf') out.anyOf = shapeOf(value, defs);
    else if (key === '$ref') out.$ref = String(value).replace('#/components/schemas/', `${defs}#/definitions/`);
    else out[key] = shapeOf(value, defs);
  }
  return out;
}

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }>;
}

/**
 * Ajv's code hands each nested check an object saying where its value is: the path, built by
 * string concatenation (`instancePath+"/subnets/" + i0`), the parent and the root. It is made
 * for every element of every list even when the answer fits, which it nearly always does: 245 KB
 * of the 3,790 KB the nested benchmark query allocated (3,611 without them), and about 1 ms of its
 * CPU (21.4 against 20.4 ms a query, two gateways alternating over five rounds that spread from 16
 * to 30 ms). Here each such object is made only
 * while `locate` runs a check again to say where an answer that did not fit went wrong; otherwise
 * every nested check gets one shared object, which says nothing of where (the checks read only
 * `instancePath` from it, for their errors). Ajv has no option for this. Throws when the code
 * has a nested call the pattern does not match, so that a new Ajv cannot leave paths on.
 */
function locatedOnDemand(code: string): string {
  const where =
    /\{instancePath(?::instancePath\+[^{};]*?)?,parentData(?::[\w$]+)?,parentDataProperty(?::(?:"(?:[^"\\]|\\.)*"|[\w$]+))?,rootData\}/g;
  let replaced = 0;
  const out = code.replace(where, (args) => {
    replaced++;
    return `(located ? ${args} : UNLOCATED)`;
  });
  // Every nested call passes `rootData}` (a check's own parameters default it: `rootData=data}`).
  const calls = code.split('rootData}').length - 1;
  if (replaced !== calls || replaced === 0)
    throw new Error(`answer checks: ${replaced} of ${calls} nested calls matched; Ajv's code has changed`);
  return `let located = false;const UNLOCATED = { instancePath: "" };
/** Runs \`check\` on \`data\` again with where each misfit is, and returns its errors (\`check\` alone leaves the paths out). */
export function locate(check, data) { located = true; try { check(data); } finally { located = false; } return check.errors; }
${out}`;
}

/**
 * The generated module's text. `pathsOnDemand: false` leaves Ajv's code as it is, for
 * test/upstreams/answer-checks.test.ts to compare the errors of the two.
 */
export function answerChecks({ pathsOnDemand = true } = {}): string {
  const ajv = new Ajv({ strict: false, allErrors: false, inlineRefs: false, code: { source: true, esm: true } });
  const exports: Record<string, string> = {};
  const table: Record<string, Record<string, string>> = {};
  for (const { service, file } of SPECS) {
    const spec = JSON.parse(readFileSync(file, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const defs = `${service}-components`;
    /** What the generated names of this service's checks begin with. */
    const prefix = service === 'data-api' ? 'data' : 'metrics';
    ajv.addSchema({
      $id: defs,
      definitions: Object.fromEntries(Object.entries(spec.components.schemas).map(([name, s]) => [name, shapeOf(s, '')])),
    });
    table[service] = {};
    // The Metrics API's /v1 route is in no OpenAPI document: its documented answer stands in.
    if (service === 'metrics-api') {
      ajv.addSchema({ $id: 'metrics-api--getAvgTps', ...(shapeOf(AVG_TPS_SCHEMA, defs) as Schema) });
      exports.metrics_getAvgTps = 'metrics-api--getAvgTps';
      table[service].getAvgTps = 'metrics_getAvgTps';
    }
    for (const methods of Object.values(spec.paths)) {
      for (const operation of Object.values(methods)) {
        const id = operation?.operationId;
        const success = operation?.responses?.['200'] ?? operation?.responses?.['201'];
        // A success without a body (reindexNft's 201) is read as null: its check takes only that.
        const schema = success?.content?.['application/json']?.schema ?? (success && !success.content ? { type: 'null' } : undefined);
        if (!id || !schema) continue;
        const name = `${prefix}_${id.replace(/\W/g, '_')}`;
        ajv.addSchema({ $id: `${service}--${id}`, ...(shapeOf(schema, defs) as Schema) });
        exports[name] = `${service}--${id}`;
        table[service][id] = name;
      }
    }
  }
  const ajvCode = standaloneCode(ajv, exports).replace(/^"use strict";/, '');
  const code = pathsOnDemand ? locatedOnDemand(ajvCode) : ajvCode;
  const entries = Object.entries(table)
    .map(
      ([service, ops]) =>
        `  '${service}': {\n${Object.entries(ops)
          .map(([id, name]) => `    '${id}': ${name},`)
          .join('\n')}\n  },`,
    )
    .join('\n');
  return `// @ts-nocheck
// Generated by test/generate/answer-checks.ts from the OpenAPI documents of test/contract/ (npm run codegen:wire). Do not edit.
${code}

/** The check of each operation's success answer, by service and operationId. */
export const ANSWER_CHECKS = {
${entries}
};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(OUTPUT, answerChecks());
