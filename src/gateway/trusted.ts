/**
 * The trusted documents (TRUSTED_DOCUMENTS): the yoga plugin that checks HTTP requests, and the
 * same rule for GraphQL over WebSocket, where yoga's onParams hooks do not run. One set of
 * documents serves both, and a reload swaps it whole.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../base/logger.js';
import { ConfigError, type Config } from '../config/config.js';
import { loadManifests, useTrustedDocuments } from '../yoga/use-trusted-documents.js';

/** What a reload did with the trusted-document manifests. */
export interface ReloadReport {
  /** How many trusted documents are served now, when the manifests loaded (undefined with TRUSTED_DOCUMENTS=off). */
  documents?: number;
  /** Why they did not load: the documents loaded before are kept. */
  manifestError?: string;
}

export interface TrustedDocuments {
  plugins: Plugin[];
  allows: (query: string) => boolean;
  documentById?: (id: string) => string | undefined;
  /** Reads `manifests` again and swaps them in whole, or keeps the documents it has and says why. */
  reload: (manifests: readonly string[]) => ReloadReport;
}

/**
 * The trusted documents plugin, or nothing when TRUSTED_DOCUMENTS=off (no hook runs then); and
 * whether a document's text may run where yoga's onParams hooks do not (GraphQL over WebSocket):
 * with `only`, the text of a trusted document and nothing else.
 */
export function trustedDocuments(config: Config, logger: Logger | undefined): TrustedDocuments {
  const { mode, manifests } = config.trustedDocuments;
  if (mode === 'off') return { plugins: [], allows: () => true, reload: () => ({}) };
  const documents = { current: new Map<string, string>() };
  // The hashes of the documents' texts: an Apollo manifest's ids need not be them.
  let hashes = new Set<string>();
  const swapIn = (loaded: Map<string, string>) => {
    documents.current = loaded;
    hashes = new Set([...loaded.values()].map((text) => createHash('sha256').update(text).digest('hex')));
  };
  try {
    swapIn(loadManifests(manifests));
  } catch (error) {
    throw new ConfigError([`TRUSTED_DOCUMENTS_MANIFESTS: ${(error as Error).message}`]);
  }
  if (mode === 'only' && config.graphiql) {
    logger?.warn('TRUSTED_DOCUMENTS=only refuses what GraphiQL sends (its documents are in no manifest): set GRAPHIQL=false.');
  }
  return {
    plugins: [useTrustedDocuments({ mode, documents, apqMaxBytes: config.trustedDocuments.apqMaxBytes })],
    allows: mode === 'allow' ? () => true : (query) => hashes.has(createHash('sha256').update(query).digest('hex')),
    documentById: (id) => documents.current.get(id),
    reload: (files) => {
      try {
        swapIn(loadManifests(files));
        return { documents: documents.current.size };
      } catch (error) {
        return { documents: documents.current.size, manifestError: (error as Error).message };
      }
    },
  };
}
