/**
 * Who a request is, for its rate limits: the address of the client (believing x-forwarded-for
 * only as far as TRUST_PROXY says) and, when it sends one, its API key, hashed.
 */
import { createHash } from 'node:crypto';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which proxies' x-forwarded-for entries to believe: none (`false`: the socket's address is the
 * client), the last `n` hops (every request passes through exactly that many proxies), or the
 * proxies at these addresses and CIDR ranges (however the request arrived).
 */
export type TrustProxy = false | number | readonly string[];

/** An address or CIDR range as TRUST_PROXY lists it; undefined when it is neither. */
export function parseRange(value: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { address, family };
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128) ? { address, prefix: bits, family } : undefined;
}

/** An IP address as a socket or a proxy writes it, without port, brackets or IPv4-mapping; undefined when it is none. */
function normalise(value: string): string | undefined {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7))) address = address.slice(7);
  return isIP(address) ? address : undefined;
}

/**
 * An IPv6 address's /64 network: one host is usually given a whole /64, so limiting single
 * addresses would hand it 2^64 budgets.
 */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups, and lies past the /64 anyway.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class ClientIdentity {
  private readonly proxies?: BlockList;

  constructor(
    private readonly trust: TrustProxy,
    private readonly apiKeyHeader: string,
  ) {
    if (Array.isArray(trust)) {
      this.proxies = new BlockList();
      for (const entry of trust as readonly string[]) {
        const range = parseRange(entry);
        if (!range) continue; // config.ts refused it already
        if (range.prefix === undefined) this.proxies.addAddress(range.address, range.family);
        else this.proxies.addSubnet(range.address, range.prefix, range.family);
      }
    }
  }

  private trusts(address: string, hop: number): boolean {
    if (this.trust === false || !isIP(address)) return false;
    if (typeof this.trust === 'number') return hop < this.trust;
    return this.proxies!.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  }

  /**
   * The client's address: the socket's, or, while the address at hand is a trusted proxy, the
   * entry that proxy appended to x-forwarded-for (walked from the right, since a client can
   * write anything to the left of what its first proxy appends).
   */
  address(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
    let client = (socketAddress && this.socketAddress(socketAddress)) ?? 'unknown';
    if (this.trust !== false && forwardedFor !== undefined) {
      const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
      for (let hop = 0; this.trusts(client, hop); hop++) {
        const next = entries.pop();
        const address = next === undefined ? undefined : normalise(next);
        // A garbled entry is no address: the last one a trusted proxy vouched for stands.
        if (address === undefined) break;
        client = address;
      }
    }
    return client;
  }

  /** The last socket address seen and its normal form: a connection's requests, and a proxy's, come from one. */
  private lastSocket = '';
  private lastNormal: string | undefined = undefined;

  private socketAddress(socketAddress: string): string | undefined {
    if (socketAddress !== this.lastSocket) {
      this.lastNormal = normalise(socketAddress);
      this.lastSocket = socketAddress;
    }
    return this.lastNormal;
  }

  /** The bucket of a request's address (IPv6: its /64): the first of `buckets`, what a client is known by. */
  addressBucket(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
    const address = this.address(socketAddress, forwardedFor);
    return `a:${address.includes(':') ? ipv6Network(address) : address}`;
  }

  /**
   * The buckets a request draws from: always its address's (IPv6: its /64), and its API key's
   * when it sends one. Keys are chosen by clients and never verified here, so a key names a
   * client across addresses but never adds budget to an address: minting keys gains nothing.
   * The key is hashed, so it is never kept or sent to Redis as sent.
   */
  buckets(headers: Record<string, string | string[] | undefined>, socketAddress: string | undefined): string[] {
    const names = [this.addressBucket(socketAddress, headers['x-forwarded-for'])];
    const key = headers[this.apiKeyHeader];
    const sent = Array.isArray(key) ? key.join(',') : key;
    // An empty header is no key, as for the Data API (src/gateway/gateway.ts).
    if (sent) names.push(`k:${createHash('sha256').update(sent).digest('base64url').slice(0, 22)}`);
    return names;
  }
}
