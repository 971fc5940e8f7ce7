/**
 * Times the node client's reading and checking of a mainnet-sized validator set (about 1,500
 * Primary Network validators, each with owners and a signer), in a process of its own, and prints
 * `{ bytes, parse, check }` (medians, ms) as one JSON line. test/upstreams/node-answers.test.ts
 * runs it: in the suite's workers, modules are shared across files (vitest.config.ts, `isolate:
 * false`), so whatever files ran before leave lossless-json's and zod's code in any state. One CI
 * run measured the parse at 13 ms and the check at 21 there, against 60 to 88 and about 3 alone.
 */
import { checkAnswer, parseNodeJson } from '../../src/upstreams/node/client.js';
// Registers platform.getCurrentValidators's answer shape, as importing the P-Chain's client does in the gateway.
import '../../src/upstreams/node/p-chain.js';

const owner = { locktime: '0', threshold: '1', addresses: ['P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'] };
const validators = Array.from({ length: 1500 }, (_, i) => ({
  txID: '2NNkpYTGfTFLSGXJcHtVv6drwVU2cczhmjK2uhvwDyxwsjzZMm',
  startTime: '1600368632',
  endTime: '1602960455',
  weight: String(2000000000000 + i),
  nodeID: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD',
  validationRewardOwner: owner,
  delegationRewardOwner: owner,
  potentialReward: '117431493426',
  delegationFee: '10.0000',
  uptime: '99.9000',
  connected: true,
  signer: { publicKey: `0x${'ab'.repeat(48)}`, proofOfPossession: `0x${'cd'.repeat(96)}` },
  delegatorCount: '3',
  delegatorWeight: '75000000000',
}));
const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { validators } });
const answer = (parseNodeJson(text) as { result: unknown }).result;
// An answer that did not fit would throw here: the script fails, and with it the test.
checkAnswer('platform.getCurrentValidators', answer);

const time = (f: () => void, into: number[]) => {
  const start = performance.now();
  f();
  into.push(performance.now() - start);
};
// Both warmed alike (zod compiles each object's check on its first runs), then alternated, so
// that a busy moment of the machine (the full suite runs beside) falls on both alike.
const parses: number[] = [];
const checks: number[] = [];
for (let i = 0; i < 20; i++) {
  time(() => parseNodeJson(text), parses);
  time(() => checkAnswer('platform.getCurrentValidators', answer), checks);
}
const median = (times: number[]) => times.slice(5).sort((a, b) => a - b)[7]!;
console.log(JSON.stringify({ bytes: text.length, parse: median(parses), check: median(checks) }));
