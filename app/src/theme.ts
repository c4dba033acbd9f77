/**
 * The space's topic colour (issue 14; SPEC §3 space setting `ext.template.topic_color_key`, a key of
 * `TOPIC_COLORS`) on the app's accent tokens (`--accent`, `--accent-hover`, `--accent-soft`,
 * `--accent-soft-strong`, `--accent-text` of tokens.css), as inline custom properties of `<html>`.
 * At start the key kept from the last visit is painted before the first render (no flash of the
 * default colour), then the public setting is asked for and applied and kept. A failure is logged
 * only (SPEC §8 "Theme fetch failure is logged only").
 *
 * @packageDocumentation
 */
import {
  type ApiClient,
  DEFAULT_TOPIC_COLOR_KEY,
  isSuccess,
  type SpaceSetting,
  TOPIC_COLORS,
  type TopicColorKey,
} from '@plugin-center/api';

/** The public space setting (`GET`, SPEC §7 "Other"), whose `ext.template.topic_color_key` is used. */
export const SPACE_SETTING_PATH = '/api/pix/mst/spaces/setting';
/** The `localStorage` entry keeping the last topic colour key, painted at the next start. */
export const TOPIC_COLOR_STORAGE_KEY = 'plugin-center:topic-color';

/** The accent tokens a topic colour sets (the default colour leaves tokens.css's own values). */
export const ACCENT_TOKENS = [
  '--accent',
  '--accent-hover',
  '--accent-soft',
  '--accent-soft-strong',
  '--accent-text',
];

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const format = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
/** `rgb` moved a share `t` (0–1) of the way to `to`. */
const mix = (rgb: Rgb, to: number, t: number) => rgb.map((c) => c + (to - c) * t) as Rgb;
/** WCAG 2 relative luminance. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG 2 contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(parse(a)), luminance(parse(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
/** `rgb` darkened (towards black, 4 % steps) until its contrast with `against` reaches 4.5:1 (WCAG AA). */
const readable = (rgb: Rgb, against: string) => {
  let out = rgb;
  for (let t = 0.04; contrastRatio(format(out), against) < 4.5; t += 0.04) out = mix(rgb, 0, t);
  return format(out);
};

/**
 * The accent tokens for a topic colour `#rrggbb`: `--accent` is the colour, darkened just enough for
 * white text on it to read at 4.5:1 (WCAG AA; the orange, teal and green of `TOPIC_COLORS` need it),
 * `--accent-hover` darker, `--accent-soft` and `--accent-soft-strong` pale tints, `--accent-text` a
 * dark shade readable at 4.5:1 on `--accent-soft`.
 */
export function topicPalette(hex: string): Record<string, string> {
  const base = parse(hex);
  const accent = readable(base, '#ffffff');
  const soft = format(mix(base, 255, 0.9));
  return {
    '--accent': accent,
    '--accent-hover': format(mix(parse(accent), 0, 0.15)),
    '--accent-soft': soft,
    '--accent-soft-strong': format(mix(base, 255, 0.7)),
    '--accent-text': readable(mix(base, 0, 0.3), soft),
  };
}

/** Whether `key` names a colour of `TOPIC_COLORS`. */
export function isTopicColorKey(key: unknown): key is TopicColorKey {
  return typeof key === 'string' && Object.hasOwn(TOPIC_COLORS, key);
}

/**
 * Paints topic colour `key` on `root` (default `<html>`): the {@link topicPalette} of its colour as
 * inline custom properties; the default key (indigo) removes them, leaving tokens.css's values.
 */
export function applyTopicColor(key: TopicColorKey, root: HTMLElement = document.documentElement): void {
  const palette = key === DEFAULT_TOPIC_COLOR_KEY ? undefined : topicPalette(TOPIC_COLORS[key]);
  for (const name of ACCENT_TOKENS) {
    if (palette?.[name]) root.style.setProperty(name, palette[name]);
    else root.style.removeProperty(name);
  }
  root.dataset.topicColor = key;
}

/** The browser's `localStorage`, or undefined where it is missing or refused (private modes). */
function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Paints the topic colour kept from the last visit, if any (call before the first render, so a
 * returning visitor never sees the default colour flash). An unknown kept value is ignored.
 */
export function applyStoredTopicColor(storage = browserStorage(), root?: HTMLElement): void {
  let key: string | null | undefined;
  try {
    key = storage?.getItem(TOPIC_COLOR_STORAGE_KEY);
  } catch {
    return;
  }
  if (isTopicColorKey(key)) applyTopicColor(key, root);
}

/**
 * Asks the public space setting ({@link SPACE_SETTING_PATH}) for the topic colour, paints it and keeps
 * it for the next start. Never rejects: a failed call, a failure envelope or an unknown key is logged
 * with `logger.warn` only (SPEC §8), leaving the colour as it is.
 */
export async function loadTopicColor(
  client: Pick<ApiClient, 'request'>,
  options: { storage?: Storage; root?: HTMLElement; logger?: Pick<Console, 'warn'> } = {},
): Promise<void> {
  const { storage = browserStorage(), root, logger = console } = options;
  try {
    const res = await client.request<SpaceSetting>('GET', SPACE_SETTING_PATH);
    const key = isSuccess(res) ? res.data?.ext?.template?.topic_color_key : undefined;
    if (!isTopicColorKey(key))
      throw new Error(`no known topic colour in the space setting (code ${res.code})`);
    applyTopicColor(key, root);
    try {
      storage?.setItem(TOPIC_COLOR_STORAGE_KEY, key);
    } catch {
      // A full or refused storage only costs the painting at the next start.
    }
  } catch (error) {
    logger.warn('[plugin-center] theme:', error);
  }
}
