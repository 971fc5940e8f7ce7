/**
 * The kinds of value a setting may hold, each a zod schema from the variable's string that fails
 * with a message saying what is allowed (the variable's name is added where problems are listed).
 * Shared by the declarations of src/config/settings.ts, so that settings of one kind are checked,
 * and explained, one way.
 */
import { accessSync, constants } from 'node:fs';
import * as z from 'zod';
import { parseRange, type TrustProxy } from '../guards/identity.js';

export const MiB = 1024 * 1024;

export const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL without query or fragment, e.g. https://data-api.avax.network' },
);

/**
 * What a settings file may write for a setting besides the environment's string, as JSON Schema
 * (the settings file's schema, schema/settings.schema.json, reads it): YAML reads `PORT: 4000` as
 * a number and `COST_EXTENSIONS: false` as a boolean, and the file takes both.
 */
export const asYamlReadsIt = (value: Record<string, unknown>) => ({ yamlValue: value });

const DIGITS = /^\d+$/;

/**
 * An integer setting. Its digits and its range are checked in the transform, rather than by a
 * `.regex` before it and a `.refine` after it: each of those is another zod schema (a check
 * clones the one it is added to), for each of the sixty integer settings, which every start
 * builds (the sixty took 4.4 ms against 7.8 without the `.refine`, medians of ten fresh processes
 * each, without code caches). The same answers and messages, and the same JSON Schema: the
 * input's `pattern` is given as the regex gave it.
 */
export const int = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .transform((value, ctx) => {
      const n = DIGITS.test(value) ? Number(value) : Number.NaN;
      if (n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta({ pattern: DIGITS.source, ...asYamlReadsIt({ type: 'integer', minimum: min, maximum: max }) });
};

export const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .meta(asYamlReadsIt({ type: 'boolean' }));

/** A secret's least length: enough that it cannot be guessed, the hint says how to make one. */
export const token = z.string().min(16, { message: 'must be at least 16 characters, e.g. from `openssl rand -hex 32`' });

// RFC 9110 token characters: what a header name may hold.
export const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { message: 'must be a valid HTTP header name, e.g. x-service-api-key' })
  .transform((v) => v.toLowerCase());

/** The items of a comma list, trimmed, empty ones dropped. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `*`, or a comma list of exact origins (scheme://host[:port], as a browser sends them in Origin). */
export const corsOrigins = z
  .string()
  .transform(commaList)
  .refine(
    (list) => (list.length === 1 && list[0] === '*') || (list.length > 0 && list.every((v) => URL.canParse(v) && new URL(v).origin === v)),
    {
      message: 'must be * or a comma list of origins like https://app.example.org (scheme, host and port only, no path or trailing slash)',
    },
  );

/** `false`, a number of proxy hops, or a comma list of the proxies' addresses and CIDR ranges. */
export const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  if (value === 'false') return false;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const list = commaList(value);
  if (list.length > 0 && !/^\d+$/.test(value) && list.every((v) => parseRange(v))) return list;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, a number of proxy hops from 1 to 10, or a comma list of proxy addresses and CIDR ranges, e.g. 10.0.0.0/8,fd00::/8',
  });
  return z.NEVER;
});

/** A positive decimal, e.g. 0.5 for one request every two seconds. */
export const rate = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { message: 'must be a number above 0 and at most 100000, e.g. 10 or 0.5' })
  .transform(Number)
  .refine((n) => n > 0 && n <= 100_000, { message: 'must be a number above 0 and at most 100000, e.g. 10 or 0.5' })
  .meta(asYamlReadsIt({ type: 'number', exclusiveMinimum: 0, maximum: 100_000 }));

export const fraction = z
  .string()
  .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { message: 'must be a fraction from 0 to 1, e.g. 0.5' })
  .transform(Number)
  .meta(asYamlReadsIt({ type: 'number', minimum: 0, maximum: 1 }));

/** What /ready can probe (src/ops/readiness.ts). */
export const READY_UPSTREAMS = ['data-api', 'metrics-api', 'node-mainnet', 'node-fuji'] as const;
export type ReadyUpstream = (typeof READY_UPSTREAMS)[number];

/** `none`, or a comma list of the upstreams /ready probes. */
export const readyUpstreams = z.string().transform((value, ctx): ReadyUpstream[] => {
  if (value.trim() === 'none') return [];
  const list = commaList(value);
  const unknown = list.filter((v) => !(READY_UPSTREAMS as readonly string[]).includes(v));
  if (list.length > 0 && unknown.length === 0) return [...new Set(list)] as ReadyUpstream[];
  ctx.addIssue({ code: 'custom', message: `must be none or a comma list of ${READY_UPSTREAMS.join(', ')}` });
  return z.NEVER;
});

/** A comma list of redis:// or rediss:// URLs (one, unless REDIS_MODE says cluster or sentinel). */
export const redisUrls = z
  .string()
  .transform(commaList)
  .refine(
    (list) =>
      list.length > 0 &&
      list.every((v) => {
        if (!/^rediss?:\/\//.test(v) || !URL.canParse(v)) return false;
        const url = new URL(v);
        return url.hostname !== '' && /^(\/\d{0,2})?$/.test(url.pathname) && !url.search && !url.hash;
      }),
    {
      message:
        'must be a redis:// or rediss:// URL (or, with REDIS_MODE cluster or sentinel, a comma list of them), e.g. redis://127.0.0.1:6379',
    },
  );

/** A file the gateway can read now (a certificate, a key): a typo stops the start, not the first connection. */
export const readableFile = z.string().refine(
  (path) => {
    try {
      accessSync(path, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must name a file this process can read' },
);

/** How OTLP goes out: over HTTP only, `what` naming the signal (traces, metrics). */
export const otlpProtocol = (what: string) =>
  z.enum(['http/json', 'http/protobuf'], {
    message: `must be http/protobuf (the default) or http/json: ${what} go out as OTLP over HTTP; gRPC is not supported (a collector takes both on 4318)`,
  });
