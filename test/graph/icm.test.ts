/**
 * ICM messages by chain and by address (listIcmMessages, listIcmMessagesByAddress).
 */
import { describe, expect, it } from 'vitest';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness({ DATA_API_KEY: 'operator-key' });
const evm = getEvmWorld('mainnet');

describe('ICM messages', () => {
  const busy = [...evm.chains.values()].sort(
    (a, b) =>
      evm.icm.filter((m) => m.sourceBlockchainId === b.blockchainId || m.destinationBlockchainId === b.blockchainId).length -
      evm.icm.filter((m) => m.sourceBlockchainId === a.blockchainId || m.destinationBlockchainId === a.blockchainId).length,
  )[0]!;

  it.each([
    [
      'EITHER',
      (m: (typeof evm.icm)[number]) => m.sourceBlockchainId === busy.blockchainId || m.destinationBlockchainId === busy.blockchainId,
      'blockchainId',
    ],
    ['SOURCE', (m: (typeof evm.icm)[number]) => m.sourceBlockchainId === busy.blockchainId, 'sourceBlockchainId'],
    ['DESTINATION', (m: (typeof evm.icm)[number]) => m.destinationBlockchainId === busy.blockchainId, 'destinationBlockchainId'],
  ] as const)("pages a chain's messages, role %s", async (role, keep, param) => {
    const Q = `query($after: String) { network { evmChain(evmChainId: ${busy.chainId}) { icmMessages(first: 3, after: $after, role: ${role}) {
      pageInfo { hasNextPage endCursor } nodes { messageId } } } } }`;
    const got = await walk(
      async (after) =>
        ((await h.raw(Q, { after })).data as { network: { evmChain: { icmMessages: Page<{ messageId: string }> } } }).network.evmChain
          .icmMessages,
    );
    expect(got.map((m) => m.messageId)).toEqual(evm.icm.filter(keep).map((m) => m.messageId));
    const call = h.sandbox.log.find((r) => r.operation === 'listIcmMessages')!;
    expect(call.query).toEqual(
      expect.arrayContaining([
        [param, busy.blockchainId],
        ['network', 'mainnet'],
      ]),
    );
  });

  it("pages an address's messages from the EVM address and from Address, with every status and both ends resolved", async () => {
    const sender = evm.icm[0]!.from;
    const mine = evm.icm.filter((m) => m.from.toLowerCase() === sender.toLowerCase() || m.to.toLowerCase() === sender.toLowerCase());
    const fields =
      'pageInfo { hasNextPage endCursor } nodes { messageId status sourceChain { evmChainId } destinationChain { evmChainId } sender { address } recipient { address } receipts { relayerRewardAddress } sourceTransaction { txHash } destinationTransaction { txHash delivererAddress } }';
    const viaEvm = await walk(
      async (after) =>
        (
          (
            await h.raw(
              `query($after: String) { network { evmChain(evmChainId: ${evm.icm[0]!.sourceEvmChainId}) { address(address: "${sender}") { icmMessages(first: 2, after: $after) { ${fields} } } } } }`,
              { after },
            )
          ).data as {
            network: { evmChain: { address: { icmMessages: Page<{ messageId: string }> } } };
          }
        ).network.evmChain.address.icmMessages,
    );
    expect(viaEvm.map((m) => m.messageId)).toEqual(mine.map((m) => m.messageId));
    const viaAddress = await h.raw<{ network: { address: { icmMessages: Page<{ messageId: string }> } } }>(
      `{ network { address(address: "${sender}") { icmMessages(first: 100) { ${fields} } } } }`,
    );
    expect(viaAddress.data!.network.address.icmMessages.nodes.map((m) => m.messageId)).toEqual(mine.map((m) => m.messageId));

    const statuses = new Map<string, Record<string, unknown>>();
    const all = await walk(
      async (after) =>
        (
          (await h.raw(`query($after: String) { network { icmMessages(first: 100, after: $after) { ${fields} } } }`, { after })).data as {
            network: { icmMessages: Page<Record<string, unknown>> };
          }
        ).network.icmMessages,
    );
    expect(all.map((m) => m.messageId)).toEqual(evm.icm.map((m) => m.messageId));
    for (const m of all) statuses.set(m.status as string, m);
    expect([...statuses.keys()].sort()).toEqual(['DELIVERED', 'DELIVERED_SOURCE_NOT_INDEXED', 'PENDING']);
    expect(statuses.get('PENDING')).toMatchObject({ destinationTransaction: null, receipts: [] });
    expect(statuses.get('DELIVERED_SOURCE_NOT_INDEXED')).toMatchObject({ sourceTransaction: null });
    expect((statuses.get('DELIVERED') as { sourceChain: unknown; destinationTransaction: unknown }).destinationTransaction).not.toBeNull();
  });

  it("lists an address's messages across every network, each on the network its chains are on", async () => {
    const fuji = getEvmWorld('fuji');
    // Message ends of both networks: mainnet's sender and fuji's, asked from either network.
    const senders = [evm.icm.find((m) => m.sourceEvmChainId !== '43114' && m.destinationEvmChainId !== '43114')!.from, fuji.icm[0]!.from];
    const on = (m: (typeof evm.icm)[number], a: string) => [m.from, m.to].some((x) => x.toLowerCase() === a.toLowerCase());
    for (const sender of senders) {
      const expected = [
        ...evm.icm.filter((m) => on(m, sender)).map((m) => ({ messageId: m.messageId, network: 'MAINNET', chain: m.sourceBlockchainId })),
        ...fuji.icm.filter((m) => on(m, sender)).map((m) => ({ messageId: m.messageId, network: 'FUJI', chain: m.sourceBlockchainId })),
      ];
      const res = await h.raw<any>(
        `{ network(name: FUJI) { address(address: "${sender}") {
          all: icmMessages(first: 100, allNetworks: true) { nodes { messageId network sourceBlockchain { blockchainId network } } }
          one: icmMessages(first: 100) { nodes { messageId network } }
        } } }`,
      );
      expect(res.errors).toBeUndefined();
      const all = res.data.network.address.all.nodes.map((m: any) => ({
        messageId: m.messageId,
        network: m.network,
        chain: m.sourceBlockchain.blockchainId,
      }));
      expect(all.sort((a: any, b: any) => a.messageId.localeCompare(b.messageId))).toEqual(
        expected.sort((a, b) => a.messageId.localeCompare(b.messageId)),
      );
      for (const m of res.data.network.address.all.nodes) expect(m.sourceBlockchain.network).toBe(m.network);
      expect(res.data.network.address.one.nodes.every((m: any) => m.network === 'FUJI')).toBe(true);
    }
    const calls = h.sandbox.log.filter((r) => r.operation === 'listIcmMessagesByAddress');
    expect(calls.filter((r) => r.query.some(([k]) => k === 'network'))).toHaveLength(senders.length);
    expect(calls.filter((r) => !r.query.some(([k]) => k === 'network'))).toHaveLength(senders.length);
  });

  it('fails a page across networks holding a message between chains no network lists, rather than guess its network', async () => {
    const m = evm.icm[0]!;
    const stranger = '2ZW6HUePBW2dP7dBGa5stjXe1uvK9LwEgrjebDwXEyL5bDMWWS';
    h.sandbox.fail({
      operation: 'listIcmMessagesByAddress',
      kind: 'body',
      body: { messages: [{ ...m, sourceBlockchainId: stranger, destinationBlockchainId: stranger }] },
    });
    const res = await h.raw<any>(
      `{ network { address(address: "${m.from}") { icmMessages(allNetworks: true) { nodes { messageId } } } } }`,
    );
    expect(res.data.network.address.icmMessages).toBeNull();
    expect(codes(res)).toEqual(['UPSTREAM_INVALID_RESPONSE']);
    expect(res.errors![0]!.message).toContain(stranger);
  });

  it("filters the network's messages by sender and recipient", async () => {
    const m = evm.icm[7]!;
    const res = await h.raw<{ network: { from: { nodes: { messageId: string }[] }; to: { nodes: { messageId: string }[] } } }>(`{ network {
      from: icmMessages(first: 100, from: "${m.from}") { nodes { messageId } }
      to: icmMessages(first: 100, to: "${m.to.toLowerCase()}") { nodes { messageId } }
    } }`);
    expect(res.data!.network.from.nodes.map((x) => x.messageId)).toEqual(evm.icm.filter((x) => x.from === m.from).map((x) => x.messageId));
    expect(res.data!.network.to.nodes.map((x) => x.messageId)).toEqual(evm.icm.filter((x) => x.to === m.to).map((x) => x.messageId));
  });

  it('refuses a bech32 address for ICM messages', async () => {
    const res = await h.raw(
      `{ network { address(address: "${getEvmWorld('mainnet') && 'avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'}") { icmMessages { nodes { messageId } } } } }`,
    );
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.count()).toBe(0);
  });
});
