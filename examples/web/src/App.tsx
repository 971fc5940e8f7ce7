/** The explorer's frame: a header with the network switch, and the page the URL names. */
import { SearchBox } from './components/SearchBox';
import { AddressPage } from './pages/AddressPage';
import { SearchPage } from './pages/SearchPage';
import { SubnetPage } from './pages/SubnetPage';
import { SubnetsPage } from './pages/SubnetsPage';
import { TransactionPage } from './pages/TransactionPage';
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
