/**
 * `GET /metrics` under `WEB_CONCURRENCY` (Node's `cluster`): the workers share one port, so a scrape
 * reaches whichever worker the primary hands the connection to, and each worker only knows its own
 * counts. The worker that receives the scrape asks the primary over the cluster's IPC channel; the
 * primary gathers every worker's registry with prom-client's `AggregatorRegistry` (its own IPC
 * messages: counters and histograms summed, gauges by their aggregator, sum by default) and sends
 * the text back. So every scrape answers for all the processes of the machine, as one target
 * (prom-client's cluster mode; Prometheus sees one monotonic series per label set).
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A worker's request for the metrics of all workers (`id`: to match the answer). */
const REQUEST = 'plugin-center:metrics-request';
/** The primary's answer: `text` (Prometheus text format 0.0.4) or `error`. */
const ANSWER = 'plugin-center:metrics-answer';

/**
 * How long a worker waits for the primary's answer, ms: longer than the 5 s prom-client's
 * aggregation itself waits for the workers before it fails.
 */
export const CLUSTER_METRICS_TIMEOUT_MS = 6000;

/** A message of this module on the IPC channel. */
interface MetricsMessage {
  type: typeof REQUEST | typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isMetricsMessage = (message: unknown, type: MetricsMessage['type']): message is MetricsMessage =>
  typeof message === 'object' && message !== null && (message as MetricsMessage).type === type;

/**
 * In the primary: answers the workers' requests for the metrics of all workers. Call once, before
 * forking.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message, REQUEST)) return;
    const answer = (fields: Pick<MetricsMessage, 'text' | 'error'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}

/**
 * In a worker: offers `registry` (the app's metrics) to the primary's aggregation, instead of
 * prom-client's global registry, which this server does not use.
 */
export function joinClusterMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's listener that answers the primary's requests (once).
  void new AggregatorRegistry();
}

let nextId = 0;

/**
 * In a worker: the metrics of every worker of the cluster, in Prometheus text format, from the
 * primary.
 *
 * @throws Error when the primary does not answer within {@link CLUSTER_METRICS_TIMEOUT_MS} or its
 *   aggregation failed (a worker did not answer it within 5 s)
 */
export function clusterMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isMetricsMessage(message, ANSWER) || message.id !== id) return;
      stop();
      if (message.error !== undefined) reject(new Error(`metrics of the cluster: ${message.error}`));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`metrics of the cluster: no answer from the primary in ${CLUSTER_METRICS_TIMEOUT_MS} ms`),
      );
    }, CLUSTER_METRICS_TIMEOUT_MS);
    const stop = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsMessage);
  });
}
