/**
 * The forms an address takes. Nothing here calls an upstream or knows GraphQL.
 */
import { parseBech32Address } from '../base/ids.js';

/** `avax1...` for `X-avax1...`: the form the Data API uses in its answers. */
export function canonicalAddress(address: string): string {
  if (address.startsWith('0x')) return address.toLowerCase();
  try {
    return parseBech32Address(address).canonical;
  } catch {
    return address;
  }
}
