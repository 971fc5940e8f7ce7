/** An address as the gateway wrote it: a link to its page when it has an address's shape. */
import { asAddress, href, type Network } from '../router';

export function AddressLink({ value, network }: { value: string; network: Network }) {
  const address = asAddress(value);
  return address ? (
    <a className="id" href={href({ page: 'address', network, address })}>
      {value}
    </a>
  ) : (
    <span className="id">{value}</span>
  );
}
