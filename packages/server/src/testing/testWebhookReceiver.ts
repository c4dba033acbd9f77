/**
 * A real HTTP receiver of webhook deliveries on 127.0.0.1, for the webhooks' tests (server and
 * browser): it records each request and answers the statuses it is told to, then 200.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver answered. */
export interface ReceivedRequest {
  /** The request's path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8. */
  body: string;
}

/** A started receiver. */
export interface TestWebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** What it answered, oldest first (the array given to {@link startWebhookReceiver}, if any). */
  received: ReceivedRequest[];
  /** The statuses it answers next, taken in order; 200 when none is left. */
  answers: number[];
  /** Stops it, dropping the connections still open (a held `/slow` request). */
  close(): Promise<void>;
}

/**
 * Starts a receiver on a free port of 127.0.0.1. Each request is recorded in `received` and
 * answered with the next status of `answers` (200 when none is left) in `text/plain`: `ok` for 200,
 * else `nope <status>` and 3,000 `x` (longer than the 2 KB a delivery log keeps). A request to
 * `/slow` is never answered and not recorded (a timeout's case).
 */
export async function startWebhookReceiver(
  options: { received?: ReceivedRequest[]; answers?: number[] } = {},
): Promise<TestWebhookReceiver> {
  const received = options.received ?? [];
  const answers = options.answers ?? [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/slow') return;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : `nope ${status} ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
