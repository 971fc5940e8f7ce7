/**
 * A subnet's validators over a time range, as the Metrics API gives them (`Subnet.validatorsBetween`,
 * getValidatorsByDateRange). The staking and fee series are with the other series, in chain-metrics.ts.
 */
import type { NetworkName } from '../base/ids.js';
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { getValidatorsByDateRange } from '../upstreams/metrics-api/validators.js';
import { builder } from './builder.js';
import { checkRange, rangeArgs } from './chain-metrics.js';
import { paged } from './cost.js';
import { AddressRef, OWNER_ADDRESSES, SubnetRef, toAddresses } from './refs.js';

const VALIDATORS_PAGE = pageSpec('getValidatorsByDateRange', 'validatorsBetween', { defaultFirst: 100, maxFirst: 5000 });

type ValidatorAddressesModel = { network: NetworkName; addresses: string[]; sortKey: string };

const ValidatorAddressesRef = builder.objectRef<ValidatorAddressesModel>('ValidatorAddresses').implement({
  description:
    "A validator of a subnet in a time range, as the Metrics API gives it: the P-Chain addresses behind its validation and the route's sort key.",
  fields: (t) => ({
    addresses: t.field({
      type: [AddressRef],
      description: 'Its P-Chain addresses, to read their balances and transactions.',
      // The owners its rewards go to, an owner set as any other: priced at two, three answered (seed p44).
      price: { items: OWNER_ADDRESSES },
      resolve: (v) => toAddresses(v.network, v.addresses),
    }),
    sortKey: t.exposeString('sortKey', {
      description: 'The value the Metrics API orders them by (the spec: a value it associates with them at a point in time).',
    }),
  }),
});

const ValidatorAddressesConnection = builder.connectionObject(
  { type: ValidatorAddressesRef, name: 'ValidatorAddressesConnection', description: "A page of a subnet's validators in a time range." },
  { name: 'ValidatorAddressesEdge', description: 'A validator and its cursor.' },
);

builder.objectFields(SubnetRef, (t) => ({
  validatorsBetween: t.connection(
    {
      type: ValidatorAddressesRef,
      nullable: true,
      description:
        "This subnet's validators at any time within a range, as P-Chain addresses (Metrics API getValidatorsByDateRange). `first`: 1 to 5000 (default 100).",
      args: {
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
      },
      price: paged(VALIDATORS_PAGE),
      resolve: (subnet, args, ctx) => {
        const range = checkRange(args);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: VALIDATORS_PAGE,
          filters: ['validatorsBetween', subnet.network, subnet.subnetId, range],
          fetchPage: (page) => getValidatorsByDateRange(ctx.metricsApi, subnet.subnetId, { ...range, ...page, network: subnet.network }),
          read: (page) => ({ items: page.addresses, nextPageToken: page.nextPageToken }),
          toNode: (v): ValidatorAddressesModel => ({ ...v, network: subnet.network }),
          keyOf: (v) => `${v.addresses.join(',')}:${v.sortKey}`,
        });
      },
    },
    ValidatorAddressesConnection,
  ),
}));
