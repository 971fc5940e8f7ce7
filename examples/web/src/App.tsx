/** The explorer's frame: a header with the network switch, and the page the URL names. */
import { SearchBox } from './components/SearchBox';
import { AddressPage } from './pages/AddressPage';
import { AssetPage } from './pages/AssetPage';
import { BlockPage } from './pages/BlockPage';
import { EvmAddressPage } from './pages/EvmAddressPage';
import { EvmBlockPage } from './pages/EvmBlockPage';
import { EvmChainPage } from './pages/EvmChainPage';
import { EvmTransactionPage } from './pages/EvmTransactionPage';
import { IcmMessagePage } from './pages/IcmMessagePage';
import { SearchPage } from './pages/SearchPage';
import { SubnetPage } from './pages/SubnetPage';
import { SubnetsPage } from './pages/SubnetsPage';
import { TransactionPage } from './pages/TransactionPage';
import { ValidatorPage } from './pages/ValidatorPage';
import { href, useRoute, type Network, type Route } from './router';

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'subnets':
      return <SubnetsPage network={route.network} />;
    case 'subnet':
      return <SubnetPage network={route.network} subnetId={route.subnetId} />;
    case 'transaction':
      return <TransactionPage network={route.network} chain={route.chain} txHash={route.txHash} />;
    case 'address':
      return <AddressPage network={route.network} address={route.address} />;
    case 'block':
      return <BlockPage network={route.network} chain={route.chain} blockHash={route.blockHash} />;
    case 'asset':
      return <AssetPage network={route.network} assetId={route.assetId} />;
    case 'validator':
      return <ValidatorPage network={route.network} nodeId={route.nodeId} />;
    case 'icm-message':
      return <IcmMessagePage network={route.network} messageId={route.messageId} />;
    case 'evm-chain':
      return <EvmChainPage network={route.network} evmChainId={route.evmChainId} />;
    case 'evm-address':
      return <EvmAddressPage network={route.network} evmChainId={route.evmChainId} address={route.address} />;
    case 'evm-transaction':
      return <EvmTransactionPage network={route.network} evmChainId={route.evmChainId} txHash={route.txHash} />;
    case 'evm-block':
      return <EvmBlockPage network={route.network} evmChainId={route.evmChainId} blockHash={route.blockHash} />;
    case 'search':
      return <SearchPage network={route.network} query={route.query} />;
    case 'not-found':
      return (
        <div className="notice">
          <h1>Nothing here</h1>
          <p>
            “{route.what}” is not a page of this explorer. Start from the{' '}
            <a href={href({ page: 'subnets', network: route.network })}>subnets</a>.
          </p>
        </div>
      );
  }
}

export function App() {
  const route = useRoute();
  const networks: Network[] = ['mainnet', 'fuji'];
  return (
    <>
      <header className="top">
        <a className="brand" href={href({ page: 'subnets', network: route.network })}>
          Avalanche explorer
        </a>
        <nav aria-label="Network">
          {networks.map((n) => (
            <a key={n} href={href({ page: 'subnets', network: n })} aria-current={n === route.network ? 'page' : undefined}>
              {n === 'fuji' ? 'Fuji' : 'Mainnet'}
            </a>
          ))}
        </nav>
        <SearchBox
          key={route.page === 'search' ? route.query : ''}
          network={route.network}
          initial={route.page === 'search' ? route.query : ''}
        />
      </header>
      <main>
        {/* A new route is a new page: its state (loaded pages, cursors) starts afresh. */}
        <Page key={JSON.stringify(route)} route={route} />
      </main>
      <footer>One GraphQL request per page, through the Avalanche GraphQL gateway.</footer>
    </>
  );
}
