# The gateway's image: built with the dev dependencies, shipping only what runs.
#
# dist/ is one esbuild bundle with every dependency inside (build.mjs), so the image carries no
# node_modules at all: dist/ without its source maps, the trusted-document manifests and the
# example queries GraphiQL opens (examples/), and package.json ("type": "module"): 17 MB on top of
# node's image (9 MB of it GraphiQL's assets), where a production install would add 96 MB more.
# test/deploy/image.test.ts runs this file's steps (RUN, COPY, ENV, WORKDIR, CMD, HEALTHCHECK) on the host:
# edit them here and that test runs the new ones.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The dependencies first: this layer is reused until the lockfile changes. Their install scripts
# wait for the sources (prepare builds them).
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# prepare.mjs: the bundle; the maps are for debugging, not for the image.
RUN npm run prepare && find dist -name '*.map' -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/dist ./dist
COPY --from=build /src/examples/gql/persisted-documents.json ./examples/gql/
COPY --from=build /src/examples/web/src/gql/persisted-documents.json ./examples/web/src/gql/
COPY --from=build /src/examples/*.graphql /src/examples/*.variables.json ./examples/
USER node
EXPOSE 4000
# Liveness as an orchestrator without probes of its own sees it. node, since the slim image has
# no curl; PORT as the container was started with.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# npm start's command line without npm (one process less, and node is the one SIGTERM reaches:
# it drains). The shell only expands HEAP_MAX_MB, then gives its place to node.
CMD ["sh", "-c", "exec env MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} node --max-semi-space-size=4 --max-old-space-size=${HEAP_MAX_MB:-512} --no-memory-reducer --no-parallel-scavenge dist/main.js"]
