/**
 * The baseline for bench/run.ts: a raw undici proxy that forwards every request to one fixed
 * upstream URL and pipes the answer back. No GraphQL, no parsing: the floor the gateway is
 * compared with. Prints its URL as one JSON line.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const target = new URL(process.env.PROXY_TARGET!);
const pool = new Pool(target.origin, { connections: 64, keepAliveTimeout: 30_000 });
const path = target.pathname + target.search;

const server = createServer(async (_req, res) => {
  try {
    const upstream = await pool.request({ method: 'GET', path, headers: { accept: 'application/json' } });
    res.writeHead(upstream.statusCode, { 'content-type': 'application/json' });
    for await (const chunk of upstream.body) res.write(chunk);
    res.end();
  } catch (error) {
    res.writeHead(502).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
