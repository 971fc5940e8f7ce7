/**
 * How avalanchego names a block: by the sha256 of its bytes.
 */
import { createHash } from 'node:crypto';
import { decodeHexWithChecksum } from '../base/avax-codec.js';
import { cb58Encode } from '../base/ids.js';
import { InvalidResponseError } from '../upstreams/errors.js';

/**
 * A block's id: as the node wrote it in JSON, as it was asked for, or else (a block read by
 * height from a node whose JSON omits it) the sha256 of its bytes, which `bytes` fetches.
 */
export async function blockIdOf(block: { id?: string; asked: { blockId?: string } }, bytes: () => Promise<string | null>): Promise<string> {
  if (block.id ?? block.asked.blockId) return (block.id ?? block.asked.blockId)!;
  const hex = await bytes();
  // The node answered the block a moment ago: an accepted block does not go away.
  if (hex === null)
    throw new InvalidResponseError(200, 'no bytes for a block it had just answered', { service: 'node', operation: 'getBlock' });
  return cb58Encode(createHash('sha256').update(decodeHexWithChecksum(hex)).digest());
}
