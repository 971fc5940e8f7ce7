/**
 * Interchain messages: listIcmMessagesByAddress, listIcmMessages and getIcmMessage.
 */
import { isEvmAddress, type NetworkName } from '../../src/base/ids.js';
import type { IcmMessage } from '../../src/upstreams/data-api/icm.js';
import { apiError, paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { getEvmWorld } from '../world/evm.js';
import { fingerprint, networkOf, same, NETWORKS } from './common.js';

export function icmRoutes(seed: string) {
  return {
    listIcmMessagesByAddress: {
      method: 'GET',
      pattern: /^\/v1\/icm\/addresses\/([^/]+)\/messages$/,
      handle: (req, [rawAddress]) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize', 'network']);
        const address = decodeURIComponent(rawAddress!);
        if (!isEvmAddress(address)) q.problem('address must be an EVM address');
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const network = q.oneOf('network', NETWORKS);
        q.done();
        const messages = icmOf(seed, networkOf(network)).filter((m) => same(m.from, address) || same(m.to, address));
        const { page, nextPageToken } = paginate(
          messages,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('icmByAddress', address.toLowerCase(), networkOf(network)),
          (m) => m.messageId,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), messages: page } };
      },
    },
    listIcmMessages: {
      method: 'GET',
      pattern: /^\/v1\/icm\/messages$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'pageToken',
          'pageSize',
          'sourceBlockchainId',
          'destinationBlockchainId',
          'blockchainId',
          'to',
          'from',
          'network',
        ]);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const network = q.oneOf('network', NETWORKS);
        const source = q.string('sourceBlockchainId');
        const destination = q.string('destinationBlockchainId');
        const either = q.string('blockchainId');
        const to = q.string('to');
        const from = q.string('from');
        q.done();
        const messages = icmOf(seed, networkOf(network)).filter(
          (m) =>
            (source === undefined || m.sourceBlockchainId === source || m.sourceEvmChainId === source) &&
            (destination === undefined || m.destinationBlockchainId === destination || m.destinationEvmChainId === destination) &&
            (either === undefined || m.sourceBlockchainId === either || m.destinationBlockchainId === either) &&
            (to === undefined || same(m.to, to)) &&
            (from === undefined || same(m.from, from)),
        );
        const { page, nextPageToken } = paginate(
          messages,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('icm', networkOf(network), source, destination, either, to, from),
          (m) => m.messageId,
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), messages: page } };
      },
    },
    getIcmMessage: {
      method: 'GET',
      pattern: /^\/v1\/icm\/messages\/([^/]+)$/,
      handle: (req, [rawId]) => {
        new QueryReader(req.query, []).done();
        const messageId = decodeURIComponent(rawId!);
        const message = icmOf(seed, undefined).find((m) => m.messageId === messageId);
        return message ? { status: 200, body: message } : apiError(404, `ICM message ${messageId} not found`);
      },
    },
  } satisfies DataApiRoutes;
}

function icmOf(seed: string, network: NetworkName | undefined): IcmMessage[] {
  if (network) return getEvmWorld(network, seed).icm;
  const at = (m: IcmMessage) => m.sourceTransaction?.timestamp ?? m.destinationTransaction!.timestamp;
  return [...getEvmWorld('mainnet', seed).icm, ...getEvmWorld('fuji', seed).icm].sort((a, c) => at(c) - at(a));
}
