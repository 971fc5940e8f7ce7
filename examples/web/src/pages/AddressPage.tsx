/**
 * An address, in one request. The gateway answers chains, X-Chain balances and UTXOs for X-/P-
 * Chain (bech32) addresses, and ICM messages for EVM (0x) addresses, so the query asks for each
 * part only where it applies (`@skip`/`@include` on one variable) rather than collect refusals.
 */
import { useQuery } from 'urql';
import { BalanceRow } from '../components/BalanceRow';
import { ChainChips } from '../components/ChainChips';
import { IcmMessageRow } from '../components/IcmMessageRow';
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

  let body;
  if (result.fetching) body = <Loading what="the address" />;
  else if (!found) body = result.error ? <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} /> : null;
  else if (evm) {
    const messages = found.icmMessages?.nodes;
    body = (
      <>
        <PartialData errors={errors} />
        <p className="muted">An EVM address: its interchain messages. Chains, balances and UTXOs are listed for X-/P-Chain addresses.</p>
        <h2>ICM messages</h2>
        {messages ? (
          messages.length ? (
            <table className="icm">
              <thead>
                <tr>
                  <th>Message</th>
                  <th>Route</th>
                  <th>Status</th>
                  <th className="num">Relayer reward</th>
                </tr>
              </thead>
              <tbody>
                {messages.map((m) => (
                  <IcmMessageRow key={m.messageId} message={m} network={network} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">No messages sent or received.</p>
          )
        ) : (
          <Unavailable what="ICM messages" errors={scope(errors, [...at, 'icmMessages'])} />
        )}
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
        {found.xChainBalances ? (
          found.xChainBalances.length ? (
            <table className="balances">
              <thead>
                <tr>
                  <th>Asset</th>
                  <th className="num">Unlocked</th>
                  <th className="num">Locked</th>
                  <th className="num">UTXOs</th>
                </tr>
              </thead>
              <tbody>
                {found.xChainBalances.map((b) => (
                  <BalanceRow key={b.assetId} balance={b} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">Nothing held on the X-Chain.</p>
          )
        ) : (
          <Unavailable what="Balances" errors={scope(errors, [...at, 'xChainBalances'])} />
        )}
        <h2>X-Chain UTXOs</h2>
        {utxos ? (
          utxos.nodes.length ? (
            <>
              <table className="utxos">
                <thead>
                  <tr>
                    <th>UTXO</th>
                    <th className="num">Amount</th>
                    <th>Created by</th>
                  </tr>
                </thead>
                <tbody>
                  {utxos.nodes.map((u) => (
                    <NodeUtxoRow key={u.utxoId} utxo={u} network={network} />
                  ))}
                </tbody>
              </table>
              {utxos.pageInfo.hasNextPage && <p className="muted small">The first 10 UTXOs are shown.</p>}
            </>
          ) : (
            <p className="muted">No UTXOs to spend.</p>
          )
        ) : (
          <Unavailable what="UTXOs" errors={scope(errors, [...at, 'xChainUtxos'])} />
        )}
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
