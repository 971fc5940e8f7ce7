/**
 * Per-request loaders over the node's JSON-RPC APIs (see src/loaders.ts for the Data API's). Plain
 * repeats need none: the request's NodeClient answers an identical read once.
 *
 * - `asset`: asset descriptions, which never change once the asset exists: shared between
 *   requests without expiry (bounded), one call per asset otherwise.
 * - `pChainValidator`: the P-Chain entries of validators found anywhere in a response, one
 *   `platform.getCurrentValidators` call per subnet with all their node ids.
 */
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { NetworkName } from './ids.js';
import { lookupEach } from './loaders.js';
import type { NodeClient } from './upstreams/node-rpc.js';
import type { AssetDescription, PValidator } from './upstreams/node.types.js';

/** Asset descriptions are immutable; the bound only keeps memory in check. */
const ASSET_CACHE = { max: 10_000 };

export class SharedNodeCaches {
  /** Keyed by `network|assetID` as the node names the asset (its id, never an alias). */
  readonly assets = new LRUCache<string, AssetDescription>(ASSET_CACHE);
}

interface ValidatorKey {
  network: NetworkName;
  /** Undefined for the Primary Network. */
  subnetId: string | undefined;
  nodeId: string;
}

export function createNodeLoaders(node: NodeClient, shared: SharedNodeCaches) {
  const assets = new DataLoader<string, AssetDescription>((keys) =>
    lookupEach(keys, async (key) => {
      const hit = shared.assets.get(key);
      if (hit) return hit;
      const [network, assetId] = key.split('|') as [NetworkName, string];
      const description = await node.avmGetAssetDescription(network, { assetID: assetId });
      shared.assets.set(`${network}|${description.assetID}`, description);
      return description;
    }),
  );

  const validators = new DataLoader<ValidatorKey, PValidator | null, string>(
    async (keys) => {
      const bySubnet = new Map<string, { network: NetworkName; subnetId: string | undefined; nodeIds: Set<string> }>();
      for (const k of keys) {
        const group = `${k.network}|${k.subnetId ?? ''}`;
        let entry = bySubnet.get(group);
        if (!entry) bySubnet.set(group, (entry = { network: k.network, subnetId: k.subnetId, nodeIds: new Set() }));
        entry.nodeIds.add(k.nodeId);
      }
      const answers = new Map<string, Map<string, PValidator> | Error>();
      await Promise.all(
        [...bySubnet].map(async ([group, { network, subnetId, nodeIds }]) => {
          try {
            const res = await node.platformGetCurrentValidators(network, { subnetID: subnetId, nodeIDs: [...nodeIds] });
            answers.set(group, new Map(res.validators.map((v) => [v.nodeID, v])));
          } catch (error) {
            answers.set(group, error as Error);
          }
        }),
      );
      return keys.map((k) => {
        const answer = answers.get(`${k.network}|${k.subnetId ?? ''}`)!;
        // A node id the answer leaves out is not a current validator of that subnet.
        return answer instanceof Error ? answer : (answer.get(k.nodeId) ?? null);
      });
    },
    { cacheKeyFn: (k) => `${k.network}|${k.subnetId ?? ''}|${k.nodeId}` },
  );

  return {
    /** avm.getAssetDescription, by asset id; kept across requests. */
    asset(network: NetworkName, assetId: string): Promise<AssetDescription> {
      return assets.load(`${network}|${assetId}`);
    },
    /** A node's entry in platform.getCurrentValidators of a subnet (undefined: the Primary Network), or null. */
    pChainValidator(key: ValidatorKey): Promise<PValidator | null> {
      return validators.load(key);
    },
  };
}

export type NodeLoaders = ReturnType<typeof createNodeLoaders>;
