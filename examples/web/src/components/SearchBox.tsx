/**
 * The search box of every page: any id, address, hash, number or chain name, sent to the search
 * page of the current network, which goes straight to what it finds.
 */
import { useState, type FormEvent } from 'react';
import { href, type Network } from '../router';

export function SearchBox({ network, initial = '' }: { network: Network; initial?: string }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) window.location.hash = href({ page: 'search', network, query }).slice(1);
  };
  return (
    <form className="search" aria-label="Search" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search"
        placeholder="Transaction, block, address, subnet, NodeID, chain id or name…"
        value={text}
        maxLength={128}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}
