/**
 * A Vite plugin that answers the explorer's `/graphql` with a gateway in the same process, in the
 * dev server and in `vite preview` alike: the app and its API share one origin, so the browser
 * needs no CORS and the app needs no URL (serve.ts and the browser test use it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';

/** A Node request handler, as a yoga server is one. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function serveGraphql(handler: NodeHandler, path = '/graphql'): Plugin {
  const mount = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use((req, res, next) => {
      const url = req.url ?? '';
      if (url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`)) void handler(req, res);
      else next();
    });
  };
  return { name: 'explorer-graphql', configureServer: mount, configurePreviewServer: mount };
}
