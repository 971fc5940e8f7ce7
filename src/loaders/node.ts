/**
 * Per-request loaders over the node's JSON-RPC APIs (see ./data-api.ts for the Data API's). Plain
 * repeats need none: the request's reads answer an identical call once, and asset descriptions,
 * which never change, are kept across requests by the freshness table.
 *
 * - `asset`: asset descriptions, at most a few at a time.
 * - `pChainValidator`: the P-Chain entries of validators found anywhere in a response, one
 *   `platform.getCurrentValidators` call per subnet with all their node ids.
 * - `delegators`: a validator's delegators, which the node lists only for a request naming that
 *   one node: one such call per validator, a few at a time.
 */
import DataLoader from 'dataloader';
import type { NetworkName } from '../base/ids.js';
import type { NodeClient } from '../upstreams/node/client.js';
import type { AssetDescription, AvmChain } from '../upstreams/node/x-chain.js';
import type { PDelegator, PValidator } from '../upstreams/node/p-chain.js';
import { InvalidResponseError } from '../upstreams/errors.js';
import { lookupEach } from './data-api.js';
import { platformGetCurrentValidators } from '../upstreams/node/p-chain.js';
import { avmGetAssetDescription } from '../upstreams/node/x-chain.js';

export interface ValidatorKey {
  network: NetworkName;
  /** Undefined for the Primary Network. */
  subnetId: string | undefined;
  nodeId: string;
}

const validatorKey = (k: ValidatorKey) => `${k.network}|${k.subnetId ?? ''}|${k.nodeId}`;

export class NodeLoaders {
  private assets?: DataLoader<string, AssetDescription | null>;
  private validators?: DataLoader<ValidatorKey, PValidator | null, string>;
  private delegatorLists?: DataLoader<ValidatorKey, PDelegator[] | null, string>;

  constructor(private readonly node: NodeClient) {}

  /** avm.getAssetDescription, by asset id, on the X-Chain or another AVM chain; null when the node knows none. */
  asset(chain: AvmChain, assetId: string): Promise<AssetDescription | null> {
    this.assets ??= new DataLoader((keys) =>
      lookupEach(keys, (key) => {
        const [network, blockchainId, id] = key.split('|') as [NetworkName, string, string];
        return avmGetAssetDescription(this.node, { network, blockchainId: blockchainId || undefined }, { assetID: id });
      }),
    );
    return this.assets.load(`${chain.network}|${chain.blockchainId ?? ''}|${assetId}`);
  }

  /** A node's entry in platform.getCurrentValidators of a subnet (undefined: the Primary Network), or null. */
  pChainValidator(key: ValidatorKey): Promise<PValidator | null> {
    this.validators ??= new DataLoader<ValidatorKey, PValidator | null, string>((keys) => this.loadValidators(keys), {
      cacheKeyFn: validatorKey,
    });
    return this.validators.load(key);
  }

  /**
   * The delegators of one validator of a subnet (undefined: the Primary Network), from
   * platform.getCurrentValidators with `nodeIDs` naming it alone: the node lists delegators only
   * then. One call per validator (the request's reads answer a repeat, the cache a warm one), at
   * most LOOKUP_CONCURRENCY at a time; each counts in the request's call budget. Null when the
   * node no longer lists the validator.
   */
  delegators(key: ValidatorKey): Promise<PDelegator[] | null> {
    this.delegatorLists ??= new DataLoader<ValidatorKey, PDelegator[] | null, string>(
      (keys) =>
        lookupEach(keys, async ({ network, subnetId, nodeId }) => {
          const res = await platformGetCurrentValidators(this.node, network, { subnetID: subnetId, nodeIDs: [nodeId] });
          const validator = res.validators.find((v) => v.nodeID === nodeId);
          if (!validator) return null;
          if (!validator.delegators) {
            // The node's contract: delegators come with a one-node answer, an empty list for none.
            throw new InvalidResponseError(200, `no \`delegators\` in the answer for the one node ${nodeId}`, {
              service: 'node',
              operation: 'platform.getCurrentValidators',
            });
          }
          return validator.delegators;
        }),
      { cacheKeyFn: validatorKey },
    );
    return this.delegatorLists.load(key);
  }

  private async loadValidators(keys: readonly ValidatorKey[]): Promise<(PValidator | null | Error)[]> {
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
          const res = await platformGetCurrentValidators(this.node, network, { subnetID: subnetId, nodeIDs: [...nodeIds] });
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
  }
}
