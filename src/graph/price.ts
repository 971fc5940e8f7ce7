import { PriceRef } from './refs.js';
/**
 * A price in a fiat currency: token prices, balance values, historical reward prices.
 */

PriceRef.implement({
  description: 'A price in a fiat currency.',
  fields: (t) => ({
    currencyCode: t.exposeString('currencyCode', { description: 'Lower-case currency code, e.g. "usd".' }),
    value: t.float({ description: 'The amount in that currency.', resolve: (p) => Number(p.value) }),
  }),
});
