/**
 * yoga's parse cache, bounded by what its documents hold rather than by their number.
 *
 * yoga keeps the last 1,024 parsed documents, however long; validation results
 * (./use-validation-cache.ts) ride on the parsed document and go with it. A client sending
 * documents that differ (an alias, a literal) made each one stay, whatever it held. Here the
 * documents are held in an lru-cache whose size is each document's estimated heap, within
 * DOCUMENT_CACHE_MAX_BYTES, and /metrics counts them (`gateway_cache_bytes{store="documents"}`).
 * The graph and the subgraph share it: parsing does not depend on the schema.
 */
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { MemoryUsage } from '../reuse/store.js';

/**
 * Heap a parsed document holds per character of its text, its tokens and locations included,
 * and the validation kept with it: 54 to 81 measured on the gateway's own queries (graphql-js 16,
 * node 20).
 */
const PARSED_BYTES_PER_CHAR = 80;
/** What a document costs whatever its length: the entry, the key, the AST's root. */
const PARSED_BYTES_BASE = 1_024;

/** Estimated heap of a parsed document of `text`. */
export function parsedBytes(text: string): number {
  return PARSED_BYTES_BASE + text.length * PARSED_BYTES_PER_CHAR;
}

export interface DocumentCaches extends MemoryUsage {
  /** For yoga's `parserAndValidationCache`: documents, and the syntax errors of texts that failed to parse. */
  options: {
    documentCache: LRUCache<string, DocumentNode>;
    errorCache: LRUCache<string, object>;
    validationCache: false;
  };
}

/** The caches yoga's `parserAndValidationCache` takes, sharing `maxBytes`. */
export function documentCaches(maxBytes: number): DocumentCaches {
  const documentCache = new LRUCache<string, DocumentNode>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (_document, text) => parsedBytes(text),
  });
  // A syntax error holds little beyond the text's key: a sixteenth of the room is plenty.
  const errorCache = new LRUCache<string, object>({
    maxSize: Math.max(1, Math.floor(maxBytes / 16)),
    sizeCalculation: (_error, text) => PARSED_BYTES_BASE + text.length * 2,
  });
  return {
    // Validation is kept by ./use-validation-cache.ts, per rule set.
    options: { documentCache, errorCache, validationCache: false },
    usageByKind: () =>
      new Map([
        ['parsed', { bytes: documentCache.calculatedSize, entries: documentCache.size }],
        ['syntax-error', { bytes: errorCache.calculatedSize, entries: errorCache.size }],
      ]),
  };
}
