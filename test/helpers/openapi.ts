/**
 * An upstream's OpenAPI document (the Data API's, the Metrics API's) as a validator: which
 * operation a request hits, whether its parameters are ones the spec defines (with valid values)
 * and its body fits the request schema, and whether an answer fits the response schema for its status.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RecordedRequest } from '../../sandbox/server.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Record<string, unknown>;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: { 'application/json'?: { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Record<string, unknown> } } }>;
}

export interface OperationMatch {
  template: string;
  operation: Operation;
  pathParams: Record<string, string>;
}

/**
 * OpenAPI 3.0's `nullable` beside a `$ref` or `allOf` and no `type` (a validator's `geolocation`),
 * which Ajv refuses to compile, as the JSON Schema it means: that schema, or null.
 */
function nullableWithoutType(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableWithoutType);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const walked = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, nullableWithoutType(v)]));
  if (nullable !== true) return nullable === undefined ? walked : { ...walked, nullable };
  return 'type' in rest ? { ...walked, nullable } : { anyOf: [walked, { type: 'null' }] };
}

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly routes: { regex: RegExp; names: string[]; template: string; method: string; operation: Operation }[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    file: URL,
    readonly id: string,
  ) {
    const spec = nullableWithoutType(JSON.parse(readFileSync(file, 'utf8'))) as { paths: Record<string, Record<string, Operation>> };
    // No `discriminator: true`: Ajv does not take its `mapping`, and the spec's variants differ by a
    // one-value enum anyway, so plain oneOf picks exactly one.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // The whole document is one schema resource: `$ref`s to #/components/... resolve inside it.
    this.ajv.addSchema(spec, id);
    for (const [template, methods] of Object.entries(spec.paths)) {
      const names: string[] = [];
      const regex = new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
      );
      for (const [method, operation] of Object.entries(methods)) {
        if (typeof operation === 'object' && operation && 'responses' in operation) {
          this.routes.push({ regex, names, template, method: method.toUpperCase(), operation });
        }
      }
    }
  }

  match(method: string, path: string): OperationMatch | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const m = route.regex.exec(path);
      if (!m) continue;
      const pathParams = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
      return { template: route.template, operation: route.operation, pathParams };
    }
    return undefined;
  }

  private validator(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(this.rebase(schema) as Record<string, unknown>);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** Inline schemas carry `#/components/...` refs; point them at the registered document. */
  private rebase(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.rebase(s));
    if (schema && typeof schema === 'object') {
      return Object.fromEntries(
        Object.entries(schema).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${this.id}${v}` : this.rebase(v),
        ]),
      );
    }
    return schema;
  }

  validate(schema: Record<string, unknown>, value: unknown): string[] {
    const fn = this.validator(schema);
    if (fn(value)) return [];
    return (fn.errors ?? []).slice(0, 5).map((e: ErrorObject) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  schemaRef(name: string): Record<string, unknown> {
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Problems with a request's parameters (unknown ones, missing required ones, invalid values) and its JSON body. */
  checkRequest(request: RecordedRequest): string[] {
    const match = this.match(request.method, request.path);
    if (!match) return [`${request.method} ${request.path}: no such operation in the spec`];
    const problems: string[] = [];
    const params = match.operation.parameters ?? [];
    const query = new Map<string, string[]>();
    for (const [k, v] of request.query) query.set(k, [...(query.get(k) ?? []), v]);
    for (const key of query.keys()) {
      if (!params.some((p) => p.in === 'query' && p.name === key))
        problems.push(`${match.operation.operationId}: query parameter "${key}" is not in the spec`);
    }
    for (const p of params) {
      const values = p.in === 'query' ? query.get(p.name) : p.in === 'path' ? [match.pathParams[p.name]!] : undefined;
      if (!values) {
        if (p.required && p.in !== 'header')
          problems.push(`${match.operation.operationId}: required ${p.in} parameter "${p.name}" is missing`);
        continue;
      }
      const resolved = this.resolveParamSchema(p.schema);
      const value =
        resolved.type === 'array'
          ? values.map((v) => coerce(v, (resolved.items as Record<string, unknown>) ?? {}))
          : coerce(values[0]!, resolved);
      if (resolved.type !== 'array' && values.length > 1)
        problems.push(`${match.operation.operationId}: "${p.name}" repeated but not an array`);
      for (const e of this.validate(p.schema, value))
        problems.push(`${match.operation.operationId}: ${p.name}=${JSON.stringify(value)}: ${e}`);
    }
    const body = match.operation.requestBody;
    const bodySchema = body?.content?.['application/json']?.schema;
    if (request.body === undefined) {
      if (body?.required) problems.push(`${match.operation.operationId}: the required body is missing`);
    } else if (!bodySchema) {
      problems.push(`${match.operation.operationId}: a body, where the spec takes none`);
    } else {
      for (const e of this.validate(bodySchema, request.body)) problems.push(`${match.operation.operationId}: body: ${e}`);
    }
    return problems;
  }

  private resolveParamSchema(schema: Record<string, unknown>): Record<string, unknown> {
    // Only the shape is needed here (array or scalar type); enums are checked by validate().
    if (typeof schema.$ref === 'string') return { type: 'string' };
    return schema;
  }

  /** The success schema of an operation, or the error schema for an error status. */
  responseSchema(match: OperationMatch, status: number): Record<string, unknown> | undefined {
    const response = match.operation.responses[String(status)];
    return response?.content?.['application/json']?.schema;
  }
}

function coerce(raw: string, schema: Record<string, unknown>): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (schema.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}
