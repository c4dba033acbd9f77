/**
 * Lighthouse on the square ("Accessibility and speed"), part `lighthouse` of `pnpm bench`:
 * the built server (`packages/server/dist/cli.js start`, production) on a fresh SQLite database that
 * imports the shipped catalogue on its first start, and Lighthouse (npm `lighthouse` 12, the last
 * major that runs on Node 20) in Debian's Chromium (`/usr/bin/chromium`, or `CHROME_PATH`; nothing
 * downloads a browser) with its default configuration: mobile form factor (Moto G Power, 412×823),
 * simulated throttling (150 ms RTT, 1.6 Mbit/s, CPU ×4). `/plugins/` is measured
 * `BENCH_LIGHTHOUSE_RUNS` times (default 3), each in a fresh Chromium with an empty cache.
 *
 * Printed: each run and the median of the performance and accessibility scores (0–1), First
 * Contentful Paint, Largest Contentful Paint, Total Blocking Time, Speed Index (ms), Cumulative
 * Layout Shift, the JavaScript transferred (bytes over the wire, compressed) and the host's
 * BenchmarkIndex, plus the LCP element and the failing accessibility audits of the last run. Targets: performance
 * ≥ 0.95, accessibility 1.0. Only 127.0.0.1 is loaded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, stopServer } from './server';

/** Chromium from Debian (DESIGN.md: never a downloaded browser). */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** How many times the square is measured (`BENCH_LIGHTHOUSE_RUNS`, default 3); medians are printed. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A folder to write each run's full Lighthouse result to (`lighthouse-<n>.json`), when set. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

/** The figures of one Lighthouse run. */
export interface LighthouseFigures {
  /** Performance score, 0–1. */
  performance: number;
  /** Accessibility score, 0–1. */
  accessibility: number;
  /** First Contentful Paint, ms (simulated). */
  fcp: number;
  /** Largest Contentful Paint, ms (simulated). */
  lcp: number;
  /** Total Blocking Time, ms (simulated). */
  tbt: number;
  /** Cumulative Layout Shift, unitless. */
  cls: number;
  /** Speed Index, ms (simulated). */
  speedIndex: number;
  /** JavaScript transferred (compressed bytes over the wire), bytes. */
  jsBytes: number;
  /** All bytes transferred, bytes. */
  totalBytes: number;
  /** The LCP element's selector and snippet. */
  lcpElement: string;
  /** Accessibility audits that failed (score < 1), as `id: title`. */
  failedAccessibility: string[];
  /**
   * Lighthouse's BenchmarkIndex of the host during the run: how fast this machine ran a fixed
   * JavaScript loop (higher is faster; a quiet 2-core machine here ≈ 2,500–2,800). Simulated CPU
   * times scale with it, so a busy machine shows a low index and a high Total Blocking Time.
   */
  benchmarkIndex: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Reads the figures of {@link LighthouseFigures} out of a Lighthouse result. */
function figures(lhr: Lhr): LighthouseFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as Record<
      string,
      unknown
    >[];
  const scripts = items('resource-summary').find((row) => row.resourceType === 'script');
  const total = items('resource-summary').find((row) => row.resourceType === 'total');
  // Lighthouse 12: a list whose first table holds the element ({ node }), the second the LCP phases.
  type Node = { selector?: string; snippet?: string };
  const lcpNode = items('largest-contentful-paint-element')
    .flatMap((table) => (table as { items?: { node?: Node }[] }).items ?? [])
    .map((row) => row.node)
    .find((node) => node?.selector);
  const accessibility = lhr.categories.accessibility;
  const failed = (accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit!.id}: ${audit!.title}`);
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    accessibility: accessibility?.score ?? Number.NaN,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    speedIndex: num('speed-index'),
    jsBytes: Number(scripts?.transferSize ?? Number.NaN),
    totalBytes: Number(total?.transferSize ?? Number.NaN),
    lcpElement: lcpNode ? `${lcpNode.selector} ${lcpNode.snippet ?? ''}` : '(none)',
    failedAccessibility: failed,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * One Lighthouse run on `url` in a fresh headless Chromium (its own empty profile), default config
 * (mobile, simulated throttling), categories performance and accessibility.
 *
 * @throws Error when Lighthouse returns no result or reports a runtime error (page not loaded).
 */
export async function runLighthouse(url: string, reportFile?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    }
    if (reportFile) writeFileSync(reportFile, JSON.stringify(result.lhr, null, 1));
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}

/** The median of a list of numbers (the middle one; the lower middle for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Prints the runs and their medians as a Markdown table. */
export function formatLighthouse(runs: LighthouseFigures[]): string {
  const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')}`;
  const kb = (v: number) => `${(v / 1024).toFixed(1)}`;
  const row = (name: string, f: Omit<LighthouseFigures, 'lcpElement' | 'failedAccessibility'>) =>
    `| ${name} | ${f.performance.toFixed(2)} | ${f.accessibility.toFixed(2)} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${ms(f.tbt)} | ${f.cls.toFixed(3)} | ${ms(f.speedIndex)} | ${kb(f.jsBytes)} | ${kb(f.totalBytes)} | ${ms(f.benchmarkIndex)} |`;
  const mid = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
  return [
    '| run | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS KiB | total KiB | BenchmarkIndex |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map((f, k) => row(String(k + 1), f)),
    row('**median**', {
      performance: mid((f) => f.performance),
      accessibility: mid((f) => f.accessibility),
      fcp: mid((f) => f.fcp),
      lcp: mid((f) => f.lcp),
      tbt: mid((f) => f.tbt),
      cls: mid((f) => f.cls),
      speedIndex: mid((f) => f.speedIndex),
      jsBytes: mid((f) => f.jsBytes),
      totalBytes: mid((f) => f.totalBytes),
      benchmarkIndex: mid((f) => f.benchmarkIndex),
    }),
  ].join('\n');
}

/**
 * The `lighthouse` part of `pnpm bench`: a server on a fresh SQLite database with the shipped
 * catalogue, {@link RUNS} Lighthouse runs on `/plugins/`, the table, the LCP element and the failing
 * accessibility audits, and the targets.
 */
export async function benchLighthouse(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plugin-center-lighthouse-'));
  const { port, child } = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    IMPORT_CATALOGUE_ON_EMPTY: 'true',
    ADMIN_PASSWORD: 'bench-password',
  });
  try {
    const url = `http://127.0.0.1:${port}/plugins/`;
    // One warm-up request so the first measured run does not include the server's first answers.
    await fetch(url).then((r) => r.arrayBuffer());
    await fetch(`http://127.0.0.1:${port}/api/cmt/plugin/list`).then((r) => r.arrayBuffer());
    const runs: LighthouseFigures[] = [];
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (let k = 0; k < RUNS; k++) {
      runs.push(await runLighthouse(url, REPORT_DIR && join(REPORT_DIR, `lighthouse-${k + 1}.json`)));
    }
    console.log(`\nLighthouse ${RUNS}× on /plugins/ (mobile, simulated throttling, shipped catalogue)`);
    console.log(formatLighthouse(runs));
    const last = runs.at(-1)!;
    console.log(`LCP element (last run): ${last.lcpElement}`);
    console.log(
      `accessibility audits below 1 (last run): ${last.failedAccessibility.length ? last.failedAccessibility.join('; ') : 'none'}`,
    );
    console.log('targets: performance ≥ 0.95, accessibility 1.0');
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
