/**
 * A Primary Network transaction, in one request: the UTXOs it consumed and emitted, the
 * addresses behind them (each a link to its page) and every chain those addresses touched.
 */
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { AddressLink } from '../components/AddressLink';
import { ListTable, numeric } from '../components/ListTable';
import { Loading, PartialData, RequestFailed } from '../components/Status';
import { TouchedChains } from '../components/TouchedChains';
import { UtxoRow, type UtxoRowFragment } from '../components/UtxoRow';
import { formatTime, formatUnits, groupDigits } from '../format';
import { graphql, type FragmentType } from '../gql';
import type { PrimaryNetworkChain } from '../gql/graphql';
import { networkName, type Network } from '../router';

const TransactionPageQuery = graphql(`
  query TransactionPage($network: NetworkName!, $chain: PrimaryNetworkChain!, $txHash: CB58Id!) {
    network(name: $network) {
      transaction(chain: $chain, txHash: $txHash) {
        txHash
        txType
        blockTimestamp
        blockNumber
        memo
        blockchain {
          blockchainName
        }
        consumedUtxos {
          utxoId
          ...UtxoRow_utxo
          ...TouchedChains_utxo
        }
        emittedUtxos {
          utxoId
          ...UtxoRow_utxo
          ...TouchedChains_utxo
        }
        ... on CChainAtomicTransaction {
          evmInputs {
            fromAddress
            asset {
              symbol
              denomination
              amount
            }
          }
          evmOutputs {
            toAddress
            asset {
              symbol
              denomination
              amount
            }
          }
        }
      }
    }
  }
`);

const CHAIN_NAMES: Record<PrimaryNetworkChain, string> = { X_CHAIN: 'X-Chain', P_CHAIN: 'P-Chain', C_CHAIN: 'C-Chain' };

function UtxoTable({
  title,
  utxos,
  network,
}: {
  title: string;
  utxos: readonly ({ utxoId: string } & FragmentType<typeof UtxoRowFragment>)[];
  network: Network;
}) {
  return (
    <>
      <h2>
        {title} <span className="count">({utxos.length})</span>
      </h2>
      <ListTable
        what={title}
        items={utxos}
        errors={[]}
        empty="None."
        columns={['UTXO', numeric('Amount'), 'Owned by, and the chains each touched']}
        row={(u) => <UtxoRow key={u.utxoId} utxo={u} network={network} />}
        className="utxos"
      />
    </>
  );
}

export function TransactionPage({ network, chain, txHash }: { network: Network; chain: PrimaryNetworkChain; txHash: string }) {
  const [result, reexecute] = useQuery({ query: TransactionPageQuery, variables: { network: networkName(network), chain, txHash } });
  const tx = result.data?.network.transaction;

  let body: ReactNode;
  if (result.fetching) body = <Loading what="the transaction" />;
  else if (!result.data && result.error)
    body = <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  else if (!tx)
    body = result.error ? (
      <RequestFailed error={result.error} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />
    ) : (
      <p className="notice">
        There is no transaction {txHash} on the {CHAIN_NAMES[chain]}.
      </p>
    );
  else {
    body = (
      <>
        <PartialData errors={result.error?.graphQLErrors ?? []} />
        <dl className="facts">
          <dt>Type</dt>
          <dd>{tx.txType}</dd>
          <dt>Chain</dt>
          <dd>{tx.blockchain?.blockchainName ?? CHAIN_NAMES[chain]}</dd>
          <dt>Time</dt>
          <dd>{formatTime(tx.blockTimestamp)}</dd>
          {tx.blockNumber != null && (
            <>
              <dt>Block</dt>
              <dd>{groupDigits(tx.blockNumber)}</dd>
            </>
          )}
        </dl>
        <h2>Chains touched</h2>
        <TouchedChains utxos={[...tx.consumedUtxos, ...tx.emittedUtxos]} />
        {/* A transaction shows the UTXOs it has: a reward consumes none, a C-Chain export spends account balances instead. */}
        {tx.consumedUtxos.length > 0 && <UtxoTable title="Consumed UTXOs" utxos={tx.consumedUtxos} network={network} />}
        {tx.emittedUtxos.length > 0 && <UtxoTable title="Emitted UTXOs" utxos={tx.emittedUtxos} network={network} />}
        {'evmInputs' in tx && (
          <>
            <h2>C-Chain side</h2>
            <ul className="plain">
              {(tx.evmInputs ?? []).map((input, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the transaction's inputs in their order, which never changes.
                <li key={`in-${i}`}>
                  from <AddressLink value={input.fromAddress} network={network} />:{' '}
                  {formatUnits(input.asset.amount, input.asset.denomination)} {input.asset.symbol}
                </li>
              ))}
              {(tx.evmOutputs ?? []).map((output, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the transaction's outputs in their order, which never changes.
                <li key={`out-${i}`}>
                  to <AddressLink value={output.toAddress} network={network} />:{' '}
                  {formatUnits(output.asset.amount, output.asset.denomination)} {output.asset.symbol}
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }

  return (
    <>
      <h1>
        {CHAIN_NAMES[chain]} transaction <span className="id">{txHash}</span>
      </h1>
      {body}
    </>
  );
}
