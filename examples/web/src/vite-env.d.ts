/** Types of what Vite gives the explorer at build time. */
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the gateway answers GraphQL; `/graphql` on the explorer's own origin when unset. */
  readonly VITE_GATEWAY_URL?: string;
  /** `true`: a production build sends its queries' text rather than their ids (trusted documents). */
  readonly VITE_SEND_DOCUMENTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
