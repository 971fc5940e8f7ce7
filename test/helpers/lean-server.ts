/**
 * A fast path (src/yoga/lean-post.ts) behind a real socket: the body read as src/http/server.ts
 * reads it, a request the fast path declines answered 418, so a test sees which path answered.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LeanPost } from '../../src/yoga/lean-post.js';

/** POSTs `body` (JSON) to /graphql through `lean`, and returns the answer. */
export async function postThroughFastPath(lean: LeanPost, body: unknown): Promise<Response> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!lean(req, res, Buffer.concat(chunks))) res.writeHead(418).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // Read before the server closes: the body is the test's to check.
    await res.clone().arrayBuffer();
    return res;
  } finally {
    server.close();
  }
}
