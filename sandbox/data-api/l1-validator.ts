/**
 * GET /v1/networks/{network}/l1Validators (listL1Validators): active L1 validators unless asked.
 */
import { parseCb58Id, parseNodeId } from '../../src/base/ids.js';
import { paginate, QueryReader, type DataApiRoutes } from '../routes.js';
import { fingerprint, sorted, withWorld } from './common.js';

export function l1ValidatorRoutes(seed: string) {
  return {
    listL1Validators: {
      method: 'GET',
      pattern: /^\/v1\/networks\/([^/]+)\/l1Validators$/,
      handle: withWorld(seed, (world, _network, _params, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'l1ValidationId', 'includeInactiveL1Validators', 'nodeId', 'subnetId']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const validationId = q.string('l1ValidationId');
        const includeInactive = q.bool('includeInactiveL1Validators') ?? false;
        const nodeId = q.string('nodeId');
        const subnetId = q.string('subnetId');
        if (nodeId !== undefined) {
          try {
            parseNodeId(nodeId);
          } catch {
            q.problem("nodeId must be a valid node ID in format 'NodeID-HASH'");
          }
        }
        if (subnetId !== undefined) {
          try {
            parseCb58Id(subnetId);
          } catch {
            q.problem('subnetId must be a valid subnet ID');
          }
        }
        q.done();
        const matches = world.l1Validators.filter(
          (v) =>
            (includeInactive || v.active) &&
            (validationId === undefined || v.validationId === validationId) &&
            (nodeId === undefined || v.nodeId === nodeId) &&
            (subnetId === undefined || v.subnetId === subnetId),
        );
        const { page, nextPageToken } = paginate(
          sorted(matches, 'desc'),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('l1Validators', world.network, validationId, includeInactive, nodeId, subnetId),
          (v) => v.validationId,
        );
        return {
          status: 200,
          body: {
            ...(nextPageToken ? { nextPageToken } : {}),
            validators: page.map(({ active: _active, ...wire }) => wire),
            blockHeight: String(world.transactions.p.at(-1)?.blockNumber ?? '0'),
          },
        };
      }),
    },
  } satisfies DataApiRoutes;
}
