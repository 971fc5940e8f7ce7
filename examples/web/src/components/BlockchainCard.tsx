/**
 * A blockchain of a subnet: its status on the node, its fee config and its validators' uptime.
 * Those three come from the node, which follows only some subnets: where it does not, the card
 * says so in place of the missing part and shows the rest.
 */
import { getFragmentData, graphql, type FragmentType } from '../gql';
import type { GatewayError } from '../errors';
import { formatUnits, groupDigits, humanize } from '../format';
import { ListTable, numeric } from './ListTable';
import { scope, Unavailable } from './Status';
import { ValidatorUptimeRow } from './ValidatorUptimeRow';

export const BlockchainCardFragment = graphql(`
  fragment BlockchainCard_blockchain on Blockchain {
    blockchainId
    blockchainName
    evmChainId
    status
    feeConfig {
      gasLimit
      targetGas
      minBaseFee
      targetBlockRate
      lastChangedAt
    }
    validators {
      nodeId
      ...ValidatorUptimeRow_validator
    }
  }
`);

export function BlockchainCard(props: { blockchain: FragmentType<typeof BlockchainCardFragment>; errors: readonly GatewayError[] }) {
  const chain = getFragmentData(BlockchainCardFragment, props.blockchain);
  const fee = chain.feeConfig;
  return (
    <section className="card" data-blockchain-id={chain.blockchainId} aria-label={`Blockchain ${chain.blockchainName}`}>
      <header>
        <h3>{chain.blockchainName}</h3>
        {chain.status ? (
          <span className={`badge status-${chain.status.toLowerCase()}`}>{humanize(chain.status)}</span>
        ) : (
          <Unavailable what="Status" errors={scope(props.errors, ['status'])} />
        )}
      </header>
      <dl className="facts">
        <dt>Blockchain id</dt>
        <dd className="id">{chain.blockchainId}</dd>
        {chain.evmChainId != null && (
          <>
            <dt>EVM chain id</dt>
            <dd>{chain.evmChainId}</dd>
          </>
        )}
      </dl>
      <h4>Fee config</h4>
      {fee ? (
        <dl className="facts fee">
          <dt>Gas limit</dt>
          <dd>{groupDigits(fee.gasLimit)}</dd>
          <dt>Target gas</dt>
          <dd>{groupDigits(fee.targetGas)}</dd>
          <dt>Min. base fee</dt>
          <dd>{formatUnits(fee.minBaseFee, 9)} gwei</dd>
          <dt>Target block rate</dt>
          <dd>{fee.targetBlockRate} s</dd>
          {fee.lastChangedAt != null && (
            <>
              <dt>Last changed at block</dt>
              <dd>{groupDigits(fee.lastChangedAt)}</dd>
            </>
          )}
        </dl>
      ) : (
        <Unavailable what="Fee config" errors={scope(props.errors, ['feeConfig'])} />
      )}
      <h4>Validators’ uptime</h4>
      <ListTable
        what="Validators"
        items={chain.validators}
        errors={scope(props.errors, ['validators'])}
        empty="The node lists no validators for this chain."
        columns={['Node', numeric('Weight'), numeric('Uptime'), 'Active']}
        row={(v) => <ValidatorUptimeRow key={v.nodeId} validator={v} />}
        className="compact"
      />
    </section>
  );
}
