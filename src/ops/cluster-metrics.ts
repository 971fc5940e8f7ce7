/**
 * /metrics of `avalanche-graphql-gateway --workers <n>` (src/cli.ts): the workers share one port,
 * and a scrape reaches whichever worker the primary hands its connection to, which counted only
 * what it served: each scrape was a fraction of the instance, a different one each time, and
 * counters seemed to go back. So a worker's /metrics (on PORT or METRICS_PORT) asks the primary,
 * which gathers every worker's registry and sums them with prom-client's AggregatorRegistry (each
 * metric by its `aggregator`: counters and histograms summed, the circuit state its worst).
 *
 * Only a primary that says so is asked: under another cluster manager (PM2's cluster mode, say)
 * nobody would answer, and a worker keeps answering with its own metrics.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from './prom-client-core.js';

const HELLO = 'avalanche-gateway:metrics-aggregated';
const ASK = 'avalanche-gateway:metrics?';
const ANSWER = 'avalanche-gateway:metrics!';
/** prom-client gives up on a worker after 5 s; the ask waits a little longer for its answer. */
const ASK_TIMEOUT_MS = 6_000;

interface Message {
  type?: unknown;
  id?: number;
  body?: string;
  error?: string;
}

/**
 * In a worker: offers `registry` to the primary's sums, and returns the scrape text to serve, the
 * cluster's sum once the primary said it aggregates, else `undefined` (serve your own).
 */
export function clusterMetrics(registry: Registry): () => Promise<string | undefined> {
  if (!cluster.isWorker) return async () => undefined;
  // prom-client answers the primary's requests from a worker only once an AggregatorRegistry was
  // made there (its constructor adds the listener); setRegistries says which registry it reads.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let aggregated = false;
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  process.on('message', (message: Message) => {
    if (message?.type === HELLO) aggregated = true;
    if (message?.type !== ANSWER || message.id === undefined) return;
    const ask = waiting.get(message.id);
    if (!ask) return;
    waiting.delete(message.id);
    clearTimeout(ask.timer);
    if (message.body !== undefined) ask.resolve(message.body);
    else ask.reject(new Error(`the primary could not sum the workers' metrics: ${message.error}`));
  });
  return () => {
    if (!aggregated || !process.send) return Promise.resolve(undefined);
    return new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the primary did not sum the workers' metrics within ${ASK_TIMEOUT_MS} ms`));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, { resolve, reject, timer });
      process.send!({ type: ASK, id });
    });
  };
}

/** In the primary: tells each worker that it sums their metrics, and answers their asks. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  // Once it listens, not when it comes online: by then the worker made its metrics and hears this.
  cluster.on('listening', (worker) => worker.send({ type: HELLO }));
  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (body) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, body }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
