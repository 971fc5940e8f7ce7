/**
 * Where a sandbox listening at `origin` serves each upstream. Shared by the sandbox's server and
 * the gateway's entry, which points itself at an embedded sandbox before that one has finished
 * building its world (src/gateway/embedded-sandbox.ts).
 */
export interface SandboxUrls {
  dataApi: string;
  metricsApi: string;
  node: { mainnet: string; fuji: string };
}

export function sandboxUrls(origin: string): SandboxUrls {
  return {
    dataApi: `${origin}/data`,
    metricsApi: `${origin}/metrics`,
    node: { mainnet: `${origin}/node/mainnet`, fuji: `${origin}/node/fuji` },
  };
}
