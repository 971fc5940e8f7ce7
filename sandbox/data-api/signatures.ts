/**
 * Signature aggregation: aggregateSignatures (POST, every rule of the request checked) and
 * getAggregatedSignatures.
 */
import { createHash } from 'node:crypto';
import { cb58Decode, isHex } from '../../src/base/ids.js';
import { apiError, BadRequest, QueryReader, type DataApiRoutes } from '../routes.js';
import { getWorld } from '../world/world.js';
import { networkOf, NETWORKS } from './common.js';

export function signatureRoutes(seed: string) {
  return {
    aggregateSignatures: {
      method: 'POST',
      pattern: /^\/v1\/signatureAggregator\/([^/]+)\/aggregateSignatures$/,
      handle: (req, [network]) => {
        if (!networkOf(network)) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(req.body || '{}') as Record<string, unknown>;
        } catch {
          return apiError(400, ['Request body is not valid JSON']);
        }
        const problems = checkAggregationRequest(body);
        if (problems.length > 0) throw new BadRequest(problems);
        const message =
          typeof body.message === 'string'
            ? body.message.replace(/^0x/, '')
            : createHash('sha256').update(String(body.justification)).digest('hex');
        return {
          status: 201,
          body: { signedMessage: signed(message, `${network}:${body.signingSubnetId ?? ''}:${body.quorumPercentage ?? 67}`) },
        };
      },
    },
    getAggregatedSignatures: {
      method: 'GET',
      pattern: /^\/v1\/signatureAggregator\/([^/]+)\/aggregateSignatures\/([^/]+)$/,
      handle: (req, [network, rawHash]) => {
        new QueryReader(req.query, []).done();
        const name = networkOf(network);
        if (!name) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
        const txHash = decodeURIComponent(rawHash!);
        try {
          cb58Decode(txHash, 32);
        } catch {
          return apiError(400, ['txHash must be a primary network transaction hash']);
        }
        const entry = getWorld(name, seed).txByHash.get(txHash);
        if (!entry) return apiError(404, `Transaction ${txHash} not found`);
        if (entry.chain !== 'p' || !L1_WARP_TX_TYPES.has(entry.tx.txType)) {
          return apiError(400, [`Transaction ${txHash} is not a P-Chain L1 transaction with a Warp message`]);
        }
        const unsigned = createHash('sha256').update(`warp:${txHash}`).digest('hex').repeat(3);
        return { status: 201, body: { signedMessage: signed(unsigned, txHash) } };
      },
    },
  } satisfies DataApiRoutes;
}

const L1_WARP_TX_TYPES = new Set(['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx']);

function signed(unsigned: string, salt: string): string {
  // An unsigned message followed by a signer bitset and a 96-byte BLS aggregate signature.
  const sig = Array.from({ length: 3 }, (_v, i) => createHash('sha256').update(`${salt}:${unsigned}:${i}`).digest('hex')).join('');
  return `${unsigned}0000000000000007${sig}`;
}

const HEX_BYTES = (value: string) => value.replace(/^0x/, '').length % 2 === 0 && isHex(value);

/** The rules of SignatureAggregatorRequest, each problem in the words the service would use. */
export function checkAggregationRequest(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const known = ['message', 'justification', 'signingSubnetId', 'quorumPercentage', 'quorumPercentageBuffer', 'pChainHeight'];
  for (const key of Object.keys(body)) if (!known.includes(key)) problems.push(`property ${key} should not exist`);
  for (const key of ['message', 'justification'] as const) {
    const v = body[key];
    if (v !== undefined && (typeof v !== 'string' || !HEX_BYTES(v)))
      problems.push(`${key} must be a hex string, optionally prefixed with 0x`);
  }
  if (body.message === undefined && body.justification === undefined) problems.push('Either message or justification must be provided');
  const subnet = body.signingSubnetId;
  if (subnet !== undefined) {
    const isHex32 = typeof subnet === 'string' && /^(0x)?[0-9a-fA-F]{64}$/.test(subnet);
    let isCb58 = false;
    try {
      isCb58 = typeof subnet === 'string' && cb58Decode(subnet, 32).length === 32;
    } catch {
      isCb58 = false;
    }
    if (!isHex32 && !isCb58) problems.push('signingSubnetId must be a hex or cb58 subnet id');
  }
  for (const key of ['quorumPercentage', 'quorumPercentageBuffer'] as const) {
    const v = body[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100))
      problems.push(`${key} must be an integer from 0 to 100`);
  }
  const quorum = typeof body.quorumPercentage === 'number' ? body.quorumPercentage : 67;
  const buffer = typeof body.quorumPercentageBuffer === 'number' ? body.quorumPercentageBuffer : 0;
  if (quorum + buffer > 100) problems.push('quorumPercentage + quorumPercentageBuffer must not exceed 100');
  const height = body.pChainHeight;
  if (height !== undefined && (typeof height !== 'number' || !Number.isInteger(height) || height < 0))
    problems.push('pChainHeight must be a non-negative integer');
  return problems;
}
