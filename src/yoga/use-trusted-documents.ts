/**
 * Trusted documents: the operations of known clients, listed by their sha256 hash in
 * persisted-documents manifests that graphql-codegen writes at build time (`npm run codegen`:
 * examples/gql/ and examples/web/src/gql/), or by their ids in Apollo's persisted-query manifests
 * (@apollo/generate-persisted-query-manifest). TRUSTED_DOCUMENTS chooses what runs:
 *
 * - `allow` (the default): any document, a manifest's document by its id (`documentId`, or
 *   Apollo's `extensions.persistedQuery.sha256Hash`), and automatic persisted queries (APQ): a
 *   client sends a hash alone, and on PERSISTED_QUERY_NOT_FOUND the text with its hash, which is
 *   verified and kept in a store bounded in bytes (TRUSTED_DOCUMENTS_APQ_MAX_BYTES, least recently
 *   used out first), so registering documents can only churn it, never grow memory.
 * - `only`: a manifest's documents by id and nothing else, for a public deployment whose clients
 *   are known; a document's text is refused with PERSISTED_QUERY_ONLY, before it is parsed.
 * - `off`: documents only, as GraphQL servers do by default; no hook runs.
 *
 * Built on yoga's plugins: @graphql-yoga/plugin-persisted-operations (ids, the `only` refusal)
 * and @graphql-yoga/plugin-apq (APQ's protocol and hash check). Their hooks run in onParams, so on
 * both request paths: src/yoga/lean-post.ts calls yoga's getResultForParams, which runs them too.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { useAPQ, type APQStore } from '@graphql-yoga/plugin-apq';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { GraphQLParams, OnParamsEventPayload, Plugin } from 'graphql-yoga';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import { ErrorCode, quote, refusedDocument } from '../graphql/errors.js';
import { keptTerms } from './fast-path-terms.js';

export type TrustedDocumentsMode = 'off' | 'allow' | 'only';

export interface TrustedDocumentsOptions {
  mode: 'allow' | 'only';
  /**
   * The trusted documents by id (the sha256 hex of the text), read per request: a reload
   * (src/gateway/reload.ts) swaps in the manifests' new set whole, so a request sees the old set or the
   * new one, never half of each.
   */
  documents: { readonly current: ReadonlyMap<string, string> };
  /** The most bytes of documents APQ keeps (allow mode). */
  apqMaxBytes: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Apollo's persisted-query manifest, as @apollo/generate-persisted-query-manifest writes it. An
 * operation's `id` is what clients send (`extensions.persistedQuery.sha256Hash`, or `documentId`):
 * the sha256 of its body unless the manifest's author chose ids of their own (`createOperationId`).
 */
const ApolloManifest = z.object({
  format: z.literal('apollo-persisted-query-manifest'),
  version: z.literal(1),
  operations: z.array(
    z.object({
      id: z.string().regex(/^[\w.:-]{1,128}$/, 'must be 1 to 128 letters, digits or _ . : -'),
      name: z.string().min(1),
      type: z.enum(['query', 'mutation', 'subscription']),
      body: z.string().min(1),
    }),
  ),
});

/** The first problem zod found, as `operations[2].type: …`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
  return `${path || 'the manifest'}: ${issue.message}`;
}

/** The documents of an Apollo manifest by id, each checked to parse and to hold the operation its entry names. */
function apolloDocuments(file: string, manifest: object): [string, string][] {
  const checked = ApolloManifest.safeParse(manifest);
  if (!checked.success) throw new Error(`${file}: not an Apollo persisted-query manifest: ${firstIssue(checked.error)}`);
  const seen = new Map<string, string>();
  return checked.data.operations.map(({ id, name, type, body }, i) => {
    const at = `${file}: operations[${i}] (${quote(name)})`;
    let operations: OperationDefinitionNode[];
    try {
      operations = parse(body, { noLocation: true }).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    } catch (error) {
      throw new Error(`${at}: its body is not a GraphQL document (${(error as Error).message})`);
    }
    if (!operations.some((o) => o.name?.value === name && o.operation === type)) {
      throw new Error(`${at}: its body has no ${type} named ${quote(name)}`);
    }
    const earlier = seen.get(id);
    if (earlier !== undefined && earlier !== body) throw new Error(`${at}: the id ${quote(id)} is given to two different bodies`);
    seen.set(id, body);
    return [id, body];
  });
}

/**
 * Reads persisted-documents manifests into one map of documents by id. Two formats: graphql-codegen's
 * (`{ "<sha256 hex>": "<document>" }`, as its client preset writes it), whose ids must be their
 * documents' hashes (a manifest that lied about a hash would let a client run a document other than
 * the one it names), and Apollo's (`{ "format": "apollo-persisted-query-manifest", "version": 1,
 * "operations": [{ "id", "name", "type", "body" }] }`), whose ids are what its author chose.
 * @throws Error naming the file and what is wrong with it.
 */
export function loadManifests(files: readonly (string | URL)[]): Map<string, string> {
  const documents = new Map<string, string>();
  for (const file of files) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${String(file)}: cannot read it as JSON (${(error as Error).message})`);
    }
    if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) {
      throw new Error(
        `${String(file)}: must be a JSON object: sha256 hashes to documents, as graphql-codegen writes it, or an Apollo persisted-query manifest`,
      );
    }
    if ('format' in manifest || 'operations' in manifest) {
      for (const [id, document] of apolloDocuments(String(file), manifest)) documents.set(id, document);
      continue;
    }
    for (const [id, document] of Object.entries(manifest)) {
      if (typeof document !== 'string' || !SHA256_HEX.test(id) || sha256(document) !== id) {
        throw new Error(
          `${String(file)}: entry ${quote(id)} is not the sha256 hash (lowercase hex) of its document; regenerate the manifest`,
        );
      }
      documents.set(id, document);
    }
  }
  return documents;
}

/** The id a request names: `documentId` (POST body, or the URL for GET), else Apollo's APQ hash. */
function documentIdOf(params: GraphQLParams & { documentId?: unknown }, request: Request): string | null {
  let id: unknown = params.documentId;
  if (id == null && request.method === 'GET') id = new URL(request.url).searchParams.get('documentId');
  if (id == null) {
    const apq = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | undefined)?.persistedQuery;
    if (apq?.version === 1) id = apq.sha256Hash;
  }
  if (typeof id !== 'string') return null;
  // The GraphQL-over-HTTP draft writes ids with their algorithm: `sha256:<hex>`.
  return id.startsWith('sha256:') ? id.slice(7) : id;
}

export function useTrustedDocuments(options: TrustedDocumentsOptions): Plugin {
  const { mode, documents } = options;
  const persisted = usePersistedOperations({
    allowArbitraryOperations: mode === 'allow',
    extractPersistedOperationId: documentIdOf,
    getPersistedOperation: (id) => documents.current.get(id) ?? null,
    customErrors: {
      persistedQueryOnly: () =>
        refusedDocument(
          ErrorCode.PERSISTED_QUERY_ONLY,
          `This gateway runs only trusted documents (TRUSTED_DOCUMENTS=only): send the id of one of its ${documents.current.size} documents as \`documentId\` (or extensions.persistedQuery.sha256Hash), not a document's text. The ids are the sha256 hashes listed in the persisted-documents.json your build generated.`,
          400,
        ),
      notFound: ({ params, request }: OnParamsEventPayload) =>
        refusedDocument(
          ErrorCode.PERSISTED_QUERY_NOT_FOUND,
          `No trusted document has the id ${quote(documentIdOf(params, request) ?? '')}: ${
            mode === 'only' ? 'this gateway runs only' : 'ids name'
          } the ${documents.current.size} documents of its manifests, by the sha256 hash of their text.`,
          404,
        ),
      keyNotFound: () =>
        refusedDocument(
          ErrorCode.PERSISTED_QUERY_ID_REQUIRED,
          mode === 'only'
            ? 'The request names no document: send `documentId`, the id of a trusted document (TRUSTED_DOCUMENTS=only).'
            : 'The request has no document: send `query` (its text) or `documentId` (the id of a trusted document).',
          400,
        ),
    },
  }) as Plugin;
  // Its onParse and onValidate hooks serve only documents handed over parsed, or unvalidated;
  // these are text, validated as any other.
  const onIds: Plugin['onParams'] = persisted.onParams;
  if (mode === 'only') {
    // A kept answer may have been asked for by id; the same text sent as text is refused here.
    return keptTerms({ onParams: onIds }, { because: 'its onParams refuses a document sent as text', shut: true });
  }

  // APQ: the manifest's documents first, then what clients registered, bounded in bytes.
  const registered = new LRUCache<string, string>({ maxSize: options.apqMaxBytes, sizeCalculation: (text, id) => text.length + id.length });
  const store: APQStore = {
    get: (id) => documents.current.get(id) ?? registered.get(id),
    set: (id, text) => {
      if (!documents.current.has(id)) registered.set(id, text);
    },
  };
  const apq = useAPQ({ store, hash: sha256 });
  return keptTerms(
    {
      onParams(payload) {
        // Only requests that carry the APQ extension pay for the APQ plugin (its hook is async).
        if ((payload.params.extensions as { persistedQuery?: unknown } | undefined)?.persistedQuery == null) return onIds?.(payload);
        // The APQ plugin sets the document's text; the ids' hook then sees a document and lets it run.
        let params = payload.params;
        const setParams = (next: GraphQLParams) => {
          params = next;
          payload.setParams(next);
        };
        return Promise.resolve(apq.onParams?.({ ...payload, setParams })).then(() => onIds?.({ ...payload, params, setParams }));
      },
    },
    {
      because:
        'its onParams turns an id into its document, or lets a text run (TRUSTED_DOCUMENTS=allow): a request answered at the door sent its text, and no id',
    },
  );
}
