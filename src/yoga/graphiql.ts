/**
 * GraphiQL as this gateway serves it: it opens with one tab for the tour query and one for each
 * operation file of examples/ (examples/<name>.graphql), with the sample variables of its sidecar
 * (examples/<name>.variables.json) where it has one.
 *
 * The page is rendered on the first GraphiQL request, not at start: its assets (9 MB from
 * node_modules, no CDN, so it works offline) and the example files are read then, once. A
 * process that only serves JSON never loads them.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { GraphiQLOptions } from 'graphql-yoga';
import type { FixedAnswer } from '../base/compression.js';
import { PACKAGE_ROOT } from '../base/package-root.js';

export const DEFAULT_QUERY = /* GraphQL */ `# The Avalanche graph: from a network to its subnets, their blockchains,
# genesis and L1 validators, in one request. The other tabs are the examples of examples/.
query SubnetsWithChains {
  network(name: MAINNET) {
    subnets(first: 5) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id
        subnetId
        isL1
        blockchains {
          blockchainName
          evmChainId
          genesisData { config { chainId feeConfig { gasLimit minBaseFee } } }
        }
        l1Validators(first: 3) {
          nodes { nodeId weight remainingBalance }
        }
      }
    }
  }
}
`;

/** One GraphiQL tab, as its `defaultTabs` option takes it. */
export interface Tab {
  query: string;
  variables?: string;
}

/**
 * The examples folder: beside src/ in the repository, and beside dist/ when built (both are one
 * level below the package root).
 */
export const EXAMPLES_DIR = new URL('examples/', PACKAGE_ROOT);

/**
 * The tour query, then each example file in name order with its sample variables (pretty JSON,
 * as a user would type them). A missing or unreadable examples folder leaves the tour alone: the
 * examples are a help, not something GraphiQL needs.
 */
export async function exampleTabs(dir: URL = EXAMPLES_DIR): Promise<Tab[]> {
  const tabs: Tab[] = [{ query: DEFAULT_QUERY }];
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.graphql')).sort();
  } catch {
    return tabs;
  }
  for (const file of files) {
    const query = await readFile(new URL(file, dir), 'utf8');
    const variables = await readFile(new URL(file.replace(/\.graphql$/, '.variables.json'), dir), 'utf8').then(
      (text) => JSON.stringify(JSON.parse(text), null, 2),
      () => undefined,
    );
    tabs.push(variables === undefined ? { query } : { query, variables });
  }
  return tabs;
}

/**
 * GraphiQL 5 lays its tabs out with framer-motion's reorder list, whose layout animation from the
 * first render never settles: each tab is left drawn where it is not (an inline `translateX` of up to
 * ±600 px). A press on a tab makes the library drop that offset, so the tab jumps away from the
 * pointer, the release lands on the tab bar and the click is lost: every tab took two clicks. Drawn
 * where it is laid out, a tab selects on the first click; dragging still reorders the tabs, without
 * the tab following the pointer on the way.
 */
const TAB_FIX = '.graphiql-tab{transform:none!important}';

/**
 * yoga's `renderGraphiQL`, loading @graphql-yoga/render-graphiql and the examples on first use.
 * `query` is the tour's text too: GraphiQL matches it against the tabs a returning user has stored
 * and reopens that tab instead of adding an empty one.
 */
export function lazyGraphiQL(dir: URL = EXAMPLES_DIR): (options?: GraphiQLOptions) => Promise<string> {
  let tabs: Promise<Tab[]> | undefined;
  // The page for the options it was last rendered with: 9 MB of template filled in again for every
  // visitor cost about 60 ms of CPU; the options are the configuration's, the same every time.
  let last: { key: string; page: string } | undefined;
  return async (options) => {
    const key = JSON.stringify(options ?? {});
    if (last?.key === key) return last.page;
    const [{ renderGraphiQL }, defaultTabs] = await Promise.all([import('@graphql-yoga/render-graphiql'), (tabs ??= exampleTabs(dir))]);
    const page = renderGraphiQL({ ...options, defaultTabs, query: DEFAULT_QUERY } as GraphiQLOptions);
    last = { key, page: page.replace('</head>', `<style>${TAB_FIX}</style></head>`) };
    return last.page;
  };
}

/**
 * GraphiQL's page as yoga answers it (its renderer, its headers), for the server to keep: the
 * page is the same for every visitor, so it is made once and compressed once per encoding.
 */
export async function graphiqlAnswer(yoga: {
  graphqlEndpoint: string;
  fetch: (url: string, init: RequestInit) => Response | Promise<Response>;
}): Promise<FixedAnswer> {
  const response = await yoga.fetch(`http://localhost${yoga.graphqlEndpoint}`, { headers: { accept: 'text/html' } });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}
