/** Types of what Vite gives the explorer at build time. */
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the gateway answers GraphQL; `/graphql` on the explorer's own origin when unset. */
  readonly VITE_GATEWAY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
