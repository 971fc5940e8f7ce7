/**
 * An address, in one request. The gateway answers chains, X-Chain balances and UTXOs for X-/P-
 * Chain (bech32) addresses, and ICM messages for EVM (0x) addresses, so the query asks for each
 * part only where it applies (`@skip`/`@include` on one variable) rather than collect refusals.
 */
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { BalanceRow } from '../components/BalanceRow';
import { ChainChips } from '../components/ChainChips';
import { IcmMessageRow } from '../components/IcmMessageRow';
import { ListTable, numeric } from '../components/ListTable';
import { LiveTransactions } from '../components/LiveTransactions';
import { NodeUtxoRow } from '../components/NodeUtxoRow';
import { Loading, PartialData, RequestFailed, scope, Unavailable } from '../components/Status';
import { graphql } from '../gql';
import type { Scalars } from '../gql/graphql';
import { networkName, type Network } from '../router';

const AddressPageQuery = graphql(`
  query AddressPage($network: NetworkName!, $address: AvalancheAddress!, $evm: Boolean!) {
    network(name: $network) {
      address(address: $address) {
        address
        chains @skip(if: $evm) {
          ...ChainChip_chain
        }
        xChainBalances @skip(if: $evm) {
          assetId
          ...BalanceRow_balance
        }
        xChainUtxos(first: 10) @skip(if: $evm) {
          pageInfo {
            hasNextPage
          }
          nodes {
            utxoId
            ...NodeUtxoRow_utxo
          }
        }
        icmMessages(first: 10) @include(if: $evm) {
          nodes {
            messageId
            ...IcmMessageRow_message
          }
        }
      }
    }
  }
`);

export function AddressPage({ network, address }: { network: Network; address: Scalars['AvalancheAddress']['input'] }) {
  const evm = address.startsWith('0x');
  const [result, reexecute] = useQuery({ query: AddressPageQuery, variables: { network: networkName(network), address, evm } });
  const found = result.data?.network.address;
  const errors = result.error?.graphQLErrors ?? [];
  const at = ['network', 'address'];

  let body: ReactNode;
  if (result.fetching) body = <Loading what="the address" />;
  else if (!found)
    body = result.error ? <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} /> : null;
  else if (evm) {
    body = (
      <>
        <PartialData errors={errors} />
        <p className="muted">An EVM address: its interchain messages. Chains, balances and UTXOs are listed for X-/P-Chain addresses.</p>
        <h2>ICM messages</h2>
        <ListTable
          what="ICM messages"
          items={found.icmMessages?.nodes}
          errors={scope(errors, [...at, 'icmMessages'])}
          empty="No messages sent or received."
          columns={['Message', 'Route', 'Status', numeric('Relayer reward')]}
          row={(m) => <IcmMessageRow key={m.messageId} message={m} network={network} />}
          className="icm"
        />
      </>
    );
  } else {
    const utxos = found.xChainUtxos;
    body = (
      <>
        <PartialData errors={errors} />
        <h2>Chains</h2>
        {found.chains ? <ChainChips chains={found.chains} /> : <Unavailable what="Chains" errors={scope(errors, [...at, 'chains'])} />}
        <h2>X-Chain balances</h2>
        <ListTable
          what="Balances"
          items={found.xChainBalances}
          errors={scope(errors, [...at, 'xChainBalances'])}
          empty="Nothing held on the X-Chain."
          columns={['Asset', numeric('Unlocked'), numeric('Locked'), numeric('UTXOs')]}
          row={(b) => <BalanceRow key={b.assetId} balance={b} />}
          className="balances"
        />
        <h2>X-Chain UTXOs</h2>
        <ListTable
          what="UTXOs"
          items={utxos?.nodes}
          errors={scope(errors, [...at, 'xChainUtxos'])}
          empty="No UTXOs to spend."
          columns={['UTXO', numeric('Amount'), 'Created by']}
          row={(u) => <NodeUtxoRow key={u.utxoId} utxo={u} network={network} />}
          className="utxos"
        />
        {utxos?.pageInfo.hasNextPage && <p className="muted small">The first 10 UTXOs are shown.</p>}
        <h2>P-Chain transactions, live</h2>
        <LiveTransactions network={network} address={address} />
        <h2>ICM messages</h2>
        <p className="muted">Interchain messages are sent and received by EVM (0x) addresses; this is an X-/P-Chain address.</p>
      </>
    );
  }

  return (
    <>
      <h1>
        Address <span className="id">{address}</span>
      </h1>
      {body}
    </>
  );
}
