/**
 * What the sandbox's services share: the request and answer shapes, the Data API's error body,
 * query validation in the style of the real service (every problem listed), and opaque page tokens.
 */
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { operations as DataApiSpecOperations } from '../src/upstreams/data-api/openapi.js';
import type { operations as MetricsApiSpecOperations } from '../src/upstreams/metrics-api/openapi.js';
import type { DATA_API_OPERATIONS, METRICS_API_OPERATIONS } from '../src/upstreams/operations.js';

export interface SandboxRequest {
  method: string;
  /** Path below the service's mount point, e.g. `/v1/networks/mainnet/subnets`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SandboxAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A Data API route's operation: one the gateway's clients declare, or the service's health check,
 * which only the gateway's readiness asks (an operationId of the spec all the same). The routes are
 * keyed by these (`RoutesOf`): one missing, or one under an operation the gateway does not declare
 * or misspelt, fails to compile.
 */
export type DataApiRouteOperation = keyof typeof DATA_API_OPERATIONS | Extract<keyof DataApiSpecOperations, 'data-health-check'>;

/** A Metrics API route's operation: the same, for the Metrics API. */
export type MetricsApiRouteOperation =
  | keyof typeof METRICS_API_OPERATIONS
  | Extract<keyof MetricsApiSpecOperations, 'metrics-health-check'>;

/** What answers a request a route matched; `params` are the pattern's groups. */
export type Handle = (req: SandboxRequest, params: string[]) => SandboxAnswer | Promise<SandboxAnswer>;

/**
 * A route of one upstream as the server matches it: the Data API's and the Metrics API's are
 * their operations' routes in a list (`routeList`); the node's reads its method from the body.
 */
export interface Route<Operation extends string = string> {
  /**
   * The upstream operation, used for counting and fault targeting; read from the request when
   * the path does not say it (e.g. the method of a JSON-RPC body).
   */
  operation: Operation | ((req: SandboxRequest, params: string[]) => Operation);
  /** The HTTP method it answers; every method when absent. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  handle: Handle;
}

/** A Data API or Metrics API route, filed under the operation it answers. */
export interface OperationRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  handle: Handle;
}

/**
 * An upstream's routes keyed by operation id: every operation has one, a path of its own or, for
 * an operation served at more than one, a list of them. The complete record is what makes a
 * declared operation without a route fail to compile, and a route under an operation nobody
 * declares (or misspelt) too; a domain file's part of it `satisfies` the `Partial`.
 */
export type RoutesOf<Operation extends string> = Record<Operation, OperationRoute | readonly OperationRoute[]>;

/** The Data API's routes, or a domain file's part of them. */
export type DataApiRoutes = Partial<RoutesOf<DataApiRouteOperation>>;

/** The Metrics API's routes, or a part of them. */
export type MetricsApiRoutes = Partial<RoutesOf<MetricsApiRouteOperation>>;

/**
 * The record as the server matches it: one route per pattern, in the record's order, first match
 * wins (no two patterns of one upstream overlap today, so the order is only a tie-break).
 */
export function routeList<Operation extends string>(routes: Partial<RoutesOf<Operation>>): Route<Operation>[] {
  return (Object.entries(routes) as [Operation, OperationRoute | readonly OperationRoute[]][]).flatMap(([operation, some]) =>
    (Array.isArray(some) ? some : [some as OperationRoute]).map((route) => ({ operation, ...route })),
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The Data API's error body: `{message, statusCode, error}`. */
export function apiError(status: number, message: string | string[], headers?: Record<string, string>): SandboxAnswer {
  return { status, body: { message, statusCode: status, error: STATUS_TEXT[status] ?? 'Error' }, headers };
}

export class BadRequest extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

/**
 * Reads query parameters the way the real service validates them: unknown parameters are refused
 * and every problem is collected, then thrown together as one 400.
 */
export class QueryReader {
  private readonly problems: string[] = [];

  constructor(
    private readonly query: URLSearchParams,
    allowed: readonly string[],
  ) {
    for (const key of new Set(query.keys())) {
      if (!allowed.includes(key)) this.problems.push(`property ${key} should not exist`);
    }
  }

  string(name: string): string | undefined {
    const value = this.query.get(name);
    return value === null ? undefined : value;
  }

  required(name: string): string | undefined {
    const value = this.string(name);
    if (value === undefined || value === '') this.problems.push(`${name} should not be empty`);
    return value;
  }

  int(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) {
      this.problems.push(`${name} must be an integer number`);
      return undefined;
    }
    const n = Number(raw);
    if (n < min) this.problems.push(`${name} must not be less than ${min}`);
    else if (n > max) this.problems.push(`${name} must not be greater than ${max}`);
    return n;
  }

  bool(name: string): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (raw !== 'true' && raw !== 'false') {
      this.problems.push(`${name} must be a boolean value`);
      return undefined;
    }
    return raw === 'true';
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!values.includes(raw as T)) {
      this.problems.push(`${name} must be one of the following values: ${values.join(', ')}`);
      return undefined;
    }
    return raw as T;
  }

  /** Repeated keys (`txTypes=A&txTypes=B`); a comma list in one value is accepted too. */
  list<T extends string>(name: string, values: readonly T[]): T[] | undefined {
    const raw = this.query.getAll(name);
    if (raw.length === 0) return undefined;
    const items = raw.flatMap((v) => v.split(','));
    const bad = items.filter((v) => !values.includes(v as T));
    if (bad.length > 0) this.problems.push(`each value in ${name} must be one of the following values: ${values.join(', ')}`);
    return items as T[];
  }

  problem(message: string) {
    this.problems.push(message);
  }

  /** Throws the collected problems as one 400. */
  done() {
    if (this.problems.length > 0) throw new BadRequest(this.problems);
  }
}

const TOKEN_KEY = 'sandbox-page-token';

/**
 * Page tokens are opaque to clients, and say where the page they follow ended as the real
 * service's do ("a page token ... to retrieve the subsequent page"): after the last item that page
 * held, wherever that item is now. A list that grew at its head since (a newer transaction) does
 * not shift the next page onto items already served. The token holds that item's key and its
 * position then (used only if the item has left the list), bound to the query that made it and
 * signed, so that a tampered or foreign token is refused like the real service refuses one.
 */
export function encodePageToken(after: { key: string; offset: number }, fingerprint: string): string {
  const payload = Buffer.from(JSON.stringify([after.key, after.offset, fingerprint])).toString('base64url');
  const mac = createHmac('sha256', TOKEN_KEY).update(payload).digest('base64url').slice(0, 10);
  return `${payload}.${mac}`;
}

export function decodePageToken(token: string, fingerprint: string): { key: string; offset: number } {
  const [payload, mac] = token.split('.');
  if (!payload || !mac || createHmac('sha256', TOKEN_KEY).update(payload).digest('base64url').slice(0, 10) !== mac) {
    throw new BadRequest(['Invalid page token']);
  }
  const [key, offset, fp] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, number, string];
  if (fp !== fingerprint) throw new BadRequest(['Page token does not belong to this query']);
  return { key, offset };
}

/**
 * Where the page after `after` starts in `items`: right after its item, looked for from where it
 * was (items only move down a list that grows at its head), then before; where it was if it left.
 */
function resumeAt<T>(items: readonly T[], keyOf: (item: T) => string, after: { key: string; offset: number }): number {
  const was = Math.min(after.offset - 1, items.length);
  for (let i = Math.max(was, 0); i < items.length; i++) if (keyOf(items[i]!) === after.key) return i + 1;
  for (let i = Math.min(was, items.length) - 1; i >= 0; i--) if (keyOf(items[i]!) === after.key) return i + 1;
  return after.offset;
}

/** A slice of `items` for the page asked for, with the token of the next one; `keyOf` names an item in its list. */
export function paginate<T>(
  items: readonly T[],
  q: { pageToken?: string; pageSize: number },
  fingerprint: string,
  keyOf: (item: T) => string,
  fits?: (page: readonly T[], next: T) => boolean,
): { page: T[]; nextPageToken?: string } {
  const offset = q.pageToken ? resumeAt(items, keyOf, decodePageToken(q.pageToken, fingerprint)) : 0;
  const page: T[] = [];
  let i = offset;
  while (i < items.length && page.length < q.pageSize) {
    const item = items[i]!;
    if (fits && page.length > 0 && !fits(page, item)) break;
    page.push(item);
    i++;
  }
  return i < items.length && page.length > 0
    ? { page, nextPageToken: encodePageToken({ key: keyOf(page.at(-1)!), offset: i }, fingerprint) }
    : { page };
}
