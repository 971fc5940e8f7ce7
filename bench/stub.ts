/**
 * A minimal Data API for throughput ratios: answers GET /v1/networks/{network}/subnets from a
 * body built once (three subnets in the spec's shape), so that what a benchmark measures is the
 * gateway (or the raw proxy), not an upstream building answers. Counts requests.
 *
 *   GET  /__counts   total requests served
 *   POST /__reset    zeroes it
 * Run as a program, prints one JSON line with its URL once it listens; `stubServer()` is the same
 * server, for a benchmark that wants the upstream in its own process (bench/features.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const subnet = (subnetId: string, blockchainId: string, name: string, evmChainId: number, ts: number) => ({
  createBlockTimestamp: ts,
  createBlockIndex: String(ts % 1_000_000),
  subnetId,
  ownerAddresses: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
  threshold: 1,
  locktime: 0,
  subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'] },
  isL1: false,
  blockchains: [
    {
      createBlockTimestamp: ts + 100,
      createBlockNumber: String((ts + 100) % 100_000),
      blockchainId,
      vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
      subnetId,
      blockchainName: name,
      evmChainId,
      genesisData: { config: { chainId: evmChainId } },
    },
  ],
});

const SUBNETS = Buffer.from(
  JSON.stringify({
    nextPageToken: '3d22deea-ea64-4d30-8a1e-c2a353b67e90',
    subnets: [
      subnet('2Ab8cSnkq6TAQzLgbpeN4EM7eVbRhhAaWGh9fXKVYzNnMuiTcZ', '2K33xS9AyP9oCDiHYKVrHe7F54h2La5D8erpTChaAhdzeSu2RX', 'Beam', 4337, 1_700_000_000),
      subnet('wenKDikJWAYQs3f2v9JhV86fC6kHZwkFZsuUBftnmgZ4QXPnu', 'q2aTwKuyzgs8pynF7UXBZCU7DejbZbZ6EUyHr3JQzYgwNPUPi', 'DFK Chain', 53935, 1_690_000_000),
      subnet('Vn3aX6hNRstj5VHHm63TCgPNaeGnRSqCYXQqemSqDd2TQH4qJ', '2tmrrBo1Lgt1mzzvPSFt73kkQKFas5d1AP88tv9cicwoFp8BSn', 'Dexalot', 432_204, 1_710_000_000),
    ],
  }),
);
const NOT_FOUND = Buffer.from(JSON.stringify({ message: 'Not Found', statusCode: 404, error: 'Not Found' }));

/** The settings that point every upstream of a gateway at the bench's stub at `stubUrl`. */
export function onStub(stubUrl: string): Record<string, string> {
  return { DATA_API_URL: stubUrl, METRICS_API_URL: stubUrl, NODE_URL_MAINNET: stubUrl, NODE_URL_FUJI: stubUrl };
}

/** The query the gateway answers with one call to this stub: the bench's one-call request. */
export const ONE_CALL_QUERY = '{ network(name: MAINNET) { subnets(first: 3) { nodes { subnetId blockchains { blockchainId } } } } }';

let served = 0;

/** The stub's server, not yet listening. */
export function stubServer(): Server {
  const server = createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    if (path === '/__counts') return void res.end(JSON.stringify({ total: served }));
    if (path === '/__reset') {
      served = 0;
      return void res.end('{}');
    }
    served++;
    const body = /^\/v1\/networks\/(mainnet|fuji)\/subnets$/.test(path) ? SUBNETS : NOT_FOUND;
    res.writeHead(body === SUBNETS ? 200 : 404, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

if (import.meta.filename === process.argv[1]) {
  const server = stubServer();
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
  process.on('SIGTERM', () => process.exit(0));
}
