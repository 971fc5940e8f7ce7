/**
 * The floor the gateway's throughput is compared with: node:http and an undici Pool, one
 * upstream call per request, its body returned as is. No GraphQL, no parsing. Prints one JSON
 * line with its URL once it listens. PROXY_TARGET is the upstream URL to call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const target = new URL(process.env.PROXY_TARGET!);
const pool = new Pool(target.origin, { connections: 32, keepAliveTimeout: 60_000 });
const path = target.pathname + target.search;

const server = createServer((_req, res) => {
  pool
    .request({ method: 'GET', path })
    .then(async ({ statusCode, body }) => {
      const buf = Buffer.from(await body.arrayBuffer());
      res.writeHead(statusCode, { 'content-type': 'application/json', 'content-length': buf.length });
      res.end(buf);
    })
    .catch((error: unknown) => {
      res.statusCode = 502;
      res.end(String(error));
    });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on('SIGTERM', () => process.exit(0));
