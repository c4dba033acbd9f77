/**
 * Side-by-side tracker benchmark, printed by `pnpm bench`: on the same page in real
 * Chromium (Debian's, through playwright-core), this project's tracker (the script-tag build
 * `packages/analytics/dist/analytics.iife.js`) and the Sensors Data web SDK (`sa-sdk-javascript`
 * from npm, `sensorsdata.min.js`) each send the same 1,000 events to the real collector of a
 * running server. For each:
 * - bytes of script shipped (gzip -9 of the file the page loads);
 * - CPU time of the 1,000 `track` calls: the calls themselves with the task's microtasks after them
 *   (`performance.now()` around the loop and its end-of-task microtasks, where ours encodes and
 *   posts the records of the task) and the main thread's whole task time until every request has gone
 *   (Chrome's `TaskDuration` metric, which includes encoding and sending);
 * - bytes on the wire per event: request URL + body of every collector request, / 1,000.
 * Median of 3 alternating rounds each (`BENCH_TRACKER_ROUNDS`). Neither uses its batch mode: Sensors sends each event at once with its default
 * image transport; ours with its default (POST, the records of one task together at its end, beacon
 * on leave). Target: ≤ 1/5 of sa-sdk-javascript's CPU time.
 *
 * Only 127.0.0.1 is used: the page is served by a small local `http` server, the collector by the
 * server under test. Bounded: each run waits at most 60 s for its requests.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OURS = join(ROOT, 'packages/analytics/dist/analytics.iife.js');
const SENSORS = join(ROOT, 'node_modules/sa-sdk-javascript/sensorsdata.min.js');
const EVENTS = 1000;
/** Rounds per tracker (`BENCH_TRACKER_ROUNDS`, default 3); the median of each figure is printed. */
const ROUNDS = Number(process.env.BENCH_TRACKER_ROUNDS ?? 3);

/** The median of each numeric figure over several runs of one tracker. */
function median(runs: TrackerFigures[]): TrackerFigures {
  const mid = (pick: (f: TrackerFigures) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return {
    name: runs[0]!.name,
    scriptBytes: runs[0]!.scriptBytes,
    callsMs: mid((f) => f.callsMs),
    taskMs: mid((f) => f.taskMs),
    requests: mid((f) => f.requests),
    wireBytesPerEvent: mid((f) => f.wireBytesPerEvent),
  };
}

/** Figures of one tracker. */
export interface TrackerFigures {
  name: string;
  /** gzip -9 size of the script, bytes. */
  scriptBytes: number;
  /** The 1,000 synchronous `track` calls, ms. */
  callsMs: number;
  /** Main-thread task time from before the calls until all requests were sent, ms. */
  taskMs: number;
  /** Collector requests seen. */
  requests: number;
  /** Request URL + body bytes per event. */
  wireBytesPerEvent: number;
}

/** The page for one tracker: loads its script, then exposes `runBench()` doing the 1,000 calls. */
function pageHtml(kind: 'ours' | 'sensors', collector: string): string {
  const setup =
    kind === 'ours'
      ? `<script>(function(w,n){var s=w[n]=w[n]||{q:[]};'init track'.split(' ').forEach(function(m){s[m]=s[m]||function(){s.q.push([m,[].slice.call(arguments)])}})})(window,'sa');</script>
         <script src="/tracker.js" data-server="${collector}" data-deployment="test"></script>
         <script>window.trackOne = function (i) { sa.track('PluginView', { plugin_key: 'plugin-' + (i % 50), position: i }); };</script>`
      : `<script src="/tracker.js"></script>
         <script>
           var sensors = window.sensorsDataAnalytic201505;
           sensors.init({ server_url: '${collector}/sa?project=default', show_log: false, is_track_single_page: false,
             heatmap: { clickmode: 'not_collect', scroll_notice_map: 'not_collect' } });
           window.trackOne = function (i) { sensors.track('PluginView', { plugin_key: 'plugin-' + (i % 50), position: i }); };
         </script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>tracker bench</title>${setup}</head>
    <body><p>tracker bench</p><script>
      window.runBench = function (n) {
        var t = performance.now();
        for (var i = 0; i < n; i++) trackOne(i);
        // Until the end of the task's microtasks: a tracker that sends at the task's end is timed with it.
        return new Promise(function (done) { queueMicrotask(function () { done(performance.now() - t); }); });
      };
    </script></body></html>`;
}

/** Serves `/` (the page) and `/tracker.js` (the script) on 127.0.0.1. */
async function servePage(html: string, script: Buffer): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/tracker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, server };
}

async function measure(kind: 'ours' | 'sensors', collector: string): Promise<TrackerFigures> {
  const file = kind === 'ours' ? OURS : SENSORS;
  const script = readFileSync(file);
  const { origin, server } = await servePage(pageHtml(kind, collector), script);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    let requests = 0;
    let wire = 0;
    let counting = false;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!counting || !url.pathname.startsWith('/sa')) return;
      requests += 1;
      wire += Buffer.byteLength(r.url()) + (r.postDataBuffer()?.length ?? 0);
    });
    await page.goto(origin);
    await page.waitForFunction(
      () => typeof (window as unknown as { trackOne?: unknown }).trackOne === 'function',
    );
    await page.waitForTimeout(1500); // let the page's own start-up requests ($pageview, …) go first
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const task = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ??
        0) * 1000;
    counting = true;
    const before = await task();
    const callsMs = await page.evaluate(
      (n) => (window as unknown as { runBench(n: number): Promise<number> }).runBench(n),
      EVENTS,
    );
    const deadline = Date.now() + 60_000;
    let last = -1;
    // Wait until the requests stop coming (each tracker may queue and send in the background).
    while (Date.now() < deadline) {
      await page.waitForTimeout(500);
      if (requests === last) break;
      last = requests;
    }
    const taskMs = (await task()) - before;
    return {
      name: kind === 'ours' ? '@plugin-center/analytics (script tag)' : 'sa-sdk-javascript 1.27.11',
      scriptBytes: gzipSync(script, { level: 9 }).length,
      callsMs,
      taskMs,
      requests,
      wireBytesPerEvent: wire / EVENTS,
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Runs both trackers against the collector at `collector` (an origin such as
 * `http://127.0.0.1:3000`) and prints the comparison.
 */
export async function benchTrackers(collector: string): Promise<TrackerFigures[]> {
  // Alternate the two over ROUNDS rounds and keep each one's median: Chromium and the collector
  // share the machine's cores, so single runs vary by a factor of two.
  const runs: Record<'ours' | 'sensors', TrackerFigures[]> = { ours: [], sensors: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.ours.push(await measure('ours', collector));
    runs.sensors.push(await measure('sensors', collector));
  }
  const results = [median(runs.ours), median(runs.sensors)];
  const [ours, sensors] = results as [TrackerFigures, TrackerFigures];
  const row = (f: TrackerFigures) =>
    `${f.name.padEnd(40)} ${String(f.scriptBytes).padStart(8)} ${f.callsMs.toFixed(1).padStart(9)} ${f.taskMs
      .toFixed(1)
      .padStart(9)} ${String(f.requests).padStart(8)} ${f.wireBytesPerEvent.toFixed(0).padStart(10)}`;
  console.log(
    `\ntrackers side by side — ${EVENTS} events each, Chromium, collector ${collector}, median of ${ROUNDS} rounds`,
  );
  console.log(
    `${'tracker'.padEnd(40)} ${'script B'.padStart(8)} ${'calls ms'.padStart(9)} ${'task ms'.padStart(9)} ${'requests'.padStart(8)} ${'B/event'.padStart(10)}`,
  );
  for (const f of results) console.log(row(f));
  console.log(
    `ours / sensors: script ${((ours.scriptBytes / sensors.scriptBytes) * 100).toFixed(1)} %, ` +
      `calls CPU ${((ours.callsMs / sensors.callsMs) * 100).toFixed(1)} %, task CPU ${((ours.taskMs / sensors.taskMs) * 100).toFixed(1)} %, ` +
      `wire ${((ours.wireBytesPerEvent / sensors.wireBytesPerEvent) * 100).toFixed(1)} % (target: CPU ≤ 20 %)`,
  );
  return results;
}
