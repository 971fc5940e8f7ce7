/**
 * An OTLP/HTTP collector for tests of what the gateway exports (traces, metrics): it keeps each
 * request's path, content type and body, and answers an empty export response in the form asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Collector {
  /** `http://127.0.0.1:<port>` */
  url(): string;
  /** What it received, in order; tests empty it between cases. */
  received: { path: string; type: string; body: Buffer }[];
  close(): Promise<void>;
}

export async function startCollector(): Promise<Collector> {
  const received: Collector['received'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const type = req.headers['content-type'] ?? '';
      received.push({ path: req.url ?? '', type, body: Buffer.concat(chunks) });
      if (type === 'application/x-protobuf') res.writeHead(200, { 'content-type': type }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
