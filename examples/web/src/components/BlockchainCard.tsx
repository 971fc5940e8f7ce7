/**
 * A blockchain of a subnet: its status on the node, its fee config and its validators' uptime.
 * Those three come from the node, which follows only some subnets: a chain the node does not run
 * (its status is Created) says so in one line; a part that failed says why in its place; a chain
 * that has no fee config or validator endpoint (it is not a Subnet-EVM chain: the X- and C-Chain,
 * custom VMs) shows no such section.
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

/**
 * Whether the node behind the gateway does not run the chain: its status is Created (the chain
 * exists on the P-Chain, but the node neither validates nor syncs its subnet), so the node's own
 * API for it is not there. The card says so once; its refusals need no notice of their own.
 */
export const notRunByNode = (chain: { status?: string | null }) => chain.status === 'CREATED';

export function BlockchainCard(props: { blockchain: FragmentType<typeof BlockchainCardFragment>; errors: readonly GatewayError[] }) {
  const chain = getFragmentData(BlockchainCardFragment, props.blockchain);
  const fee = chain.feeConfig;
  const feeErrors = scope(props.errors, ['feeConfig']);
  const validatorErrors = scope(props.errors, ['validators']);
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
      {notRunByNode(chain) ? (
        <p className="muted not-run">
          The node behind the gateway does not run this chain (it exists on the P-Chain, but the node neither validates nor syncs its
          subnet): its fee config and validators’ uptime come from the chain’s own node.
        </p>
      ) : (
        <>
          {(fee || feeErrors.length > 0) && <h4>Fee config</h4>}
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
            <Unavailable what="Fee config" errors={feeErrors} />
          )}
          {(chain.validators || validatorErrors.length > 0) && (
            <>
              <h4>Validators’ uptime</h4>
              <ListTable
                what="Validators"
                items={chain.validators}
                errors={validatorErrors}
                empty="The node lists no validators for this chain."
                columns={['Node', numeric('Weight'), numeric('Uptime'), 'Active']}
                row={(v) => <ValidatorUptimeRow key={v.nodeId} validator={v} />}
                className="compact"
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
