/**
 * The official Data API SDK (@avalanche-sdk/chainkit) as the tests use it: telemetry off (on by
 * default, it posts every call to a third party) and a fetch that refuses anything but loopback.
 * The SDK gives every operation a server of its own, which only a call's own `serverURL` replaces;
 * a call that misses it would go to the public API, which this machine may not reach, and hang
 * until the test's timeout. Refused here, it fails at once and names the origin it asked for.
 */
import { Avalanche } from '@avalanche-sdk/chainkit';
import { HTTPClient } from '@avalanche-sdk/chainkit/lib/http.js';

type Options = Omit<NonNullable<ConstructorParameters<typeof Avalanche>[0]>, 'enableTelemetry' | 'httpClient'>;

export function chainkit(options: Options = {}): Avalanche {
  return new Avalanche({ ...options, enableTelemetry: false, httpClient: loopbackOnly() });
}

/** The SDK's HTTP client, refusing any origin but loopback's (for `AvalancheCore` too). */
export function loopbackOnly(): HTTPClient {
  return new HTTPClient({
    fetcher: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== '127.0.0.1') throw new Error(`the SDK asked for ${url.origin}, not the sandbox: give the call its serverURL`);
      return fetch(input, init);
    },
  });
}
