/**
 * Charts of the analytics pages on chart.js 4, registered piece by piece (line and bar controllers,
 * their elements, the category and linear scales, legend and tooltip) so the bundle holds only what
 * the dashboards draw. This module is imported only by the lazily loaded analytics pages: none of
 * chart.js reaches the square's first load.
 *
 * @packageDocumentation
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartDataset,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useId, useRef } from 'react';
import { formatNumber } from '../format';
import { useTranslation } from '../i18n/i18n';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

/**
 * Series colours: the accent of the design tokens first, then hues that stay apart for colour-blind
 * readers and keep 3:1 against white.
 */
export const SERIES_COLORS = [
  '#4f46e5',
  '#0e9384',
  '#dc6803',
  '#c11574',
  '#2e90fa',
  '#6b7280',
  '#7a5af8',
  '#b54708',
] as const;

/** One series of a chart: a label (legend, table column) and one value per category. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  /** `line` (values over days) or `bar` (horizontal bars, one group per category). */
  kind: 'line' | 'bar';
  /** The chart's heading, also the caption of its data table. */
  title: string;
  /** The range in words (`Mar 1, 2024 – Mar 30, 2024 (UTC days)`), part of the canvas's label. */
  rangeText: string;
  /** The categories: days of a line chart, plugins of a bar chart. */
  labels: readonly string[];
  /** Heading of the categories' column in the data table (`Day`, `Plugin`). */
  labelHeading: string;
  series: readonly ChartSeries[];
  /** Height of the drawing, px (default 280). */
  height?: number;
}

/** Longest category label drawn on a bar chart's axis, characters. */
const AXIS_LABEL_MAX = 22;

/** `label` cut to {@link AXIS_LABEL_MAX} characters with an ellipsis. */
const shorten = (label: string) =>
  [...label].length > AXIS_LABEL_MAX
    ? `${[...label]
        .slice(0, AXIS_LABEL_MAX - 1)
        .join('')
        .trimEnd()}…`
    : label;

/** Whether the reader asked for less motion (charts then draw without animation). */
const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function datasets(kind: 'line' | 'bar', series: readonly ChartSeries[], points: number) {
  return series.map((s, i): ChartDataset<'line' | 'bar', number[]> => {
    const color = SERIES_COLORS[i % SERIES_COLORS.length]!;
    return kind === 'line'
      ? {
          label: s.label,
          data: [...s.values],
          borderColor: color,
          backgroundColor: color,
          borderWidth: 2,
          pointRadius: points > 45 ? 0 : 2.5,
          pointHoverRadius: 4,
          tension: 0.25,
          cubicInterpolationMode: 'monotone',
        }
      : { label: s.label, data: [...s.values], backgroundColor: color, borderRadius: 3, maxBarThickness: 14 };
  });
}

/**
 * A chart with its accessible equivalents: the canvas is an image labelled with the chart's kind,
 * title and range (`role="img"`, `aria-label`), followed by a visually hidden table of every value
 * (categories as rows, series as columns). Where no 2D canvas context exists (tests, very old
 * browsers) only the table remains.
 */
export function ChartFigure({
  kind,
  title,
  rangeText,
  labels,
  labelHeading,
  series,
  height = 280,
}: ChartFigureProps) {
  const { t, locale } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<'line' | 'bar', number[], string> | null>(null);
  const headingId = useId();
  const latest = useRef({ labels, series });
  latest.current = { labels, series };

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const style = getComputedStyle(document.body);
    const muted = style.getPropertyValue('--text-muted').trim() || '#5b6475';
    const grid = style.getPropertyValue('--border').trim() || '#e3e6ee';
    const config: ChartConfiguration<'line' | 'bar', number[], string> = {
      type: kind,
      data: {
        labels: [...latest.current.labels],
        datasets: datasets(kind, latest.current.series, latest.current.labels.length),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion() ? false : { duration: 300 },
        indexAxis: kind === 'bar' ? 'y' : 'x',
        interaction: { mode: 'index', intersect: false },
        color: muted,
        font: { family: style.fontFamily },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12, color: muted } },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${formatNumber(Number(item.raw), locale)}`,
            },
          },
        },
        scales: {
          x: {
            grid: { color: kind === 'bar' ? grid : 'transparent' },
            ticks: { color: muted, maxRotation: 0, autoSkip: true, precision: 0 },
            beginAtZero: true,
          },
          y: {
            grid: { color: kind === 'bar' ? 'transparent' : grid },
            ticks: {
              color: muted,
              precision: 0,
              autoSkip: kind !== 'bar',
              // Long plugin names are shortened on the axis; the tooltip and the table keep them whole.
              ...(kind === 'bar'
                ? { callback: (_value, index) => shorten(latest.current.labels[index] ?? '') }
                : {}),
            },
            beginAtZero: true,
          },
        },
      },
    };
    const chart = new Chart(context, config);
    chartRef.current = chart;
    return () => {
      chart.destroy();
      chartRef.current = null;
    };
  }, [kind, locale]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.data.labels = [...labels];
    chart.data.datasets = datasets(kind, series, labels.length);
    chart.update();
  }, [kind, labels, series]);

  const label = t(kind === 'line' ? 'analytics.lineChart' : 'analytics.barChart', {
    title,
    range: rangeText,
  });
  return (
    <figure className="chart-figure" aria-labelledby={headingId}>
      <figcaption>
        <h2 id={headingId} className="chart-title">
          {title}
        </h2>
      </figcaption>
      <div className="chart-canvas" style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={label} />
      </div>
      {/* A table box ignores the width and overflow of .sr-only: the wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              {series.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two series may share a label (plugins of one name)
                <th key={i} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((category, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: categories may repeat (plugins of one name)
              <tr key={i}>
                <th scope="row">{category}</th>
                {series.map((s, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the series, in order
                  <td key={j}>{formatNumber(s.values[i] ?? 0, locale)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
