import { memo } from 'react';
import { PluginAvatar } from './PluginAvatar';

/**
 * The white overlays of the generated covers: stripes, rings, dots and a checker of triangles,
 * drawn with CSS gradients only (no image request, a few bytes each).
 */
const PATTERNS = [
  'repeating-linear-gradient(45deg,#fff3 0 4px,#0000 4px 10px)',
  'repeating-radial-gradient(circle at 100% 100%,#fff3 0 3px,#0000 3px 9px)',
  'radial-gradient(#fff4 22%,#0000 24%) 0 0/12px 12px',
  'conic-gradient(from 45deg at 50% 50%,#fff3 0 25%,#0000 0 50%) 0 0/16px 16px',
] as const;

/** FNV-1a over a text: the same text always gives the same 32-bit number. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The look of a plugin's generated cover, from its name and tag codes: a hue (0–359°) for a
 * diagonal gradient towards a neighbouring hue, one of the {@link PATTERNS}, and the initial (the
 * first letter or digit of the name, upper-cased; `?` without one). The gradient's stops are dark
 * enough (lightness 36 % and 26 %) that the white initial reads on every hue, on a light or a dark
 * page.
 */
export function generatedCover(
  name: string,
  tags: readonly string[] = [],
): {
  background: string;
  initial: string;
} {
  const h = hash(`${name}\u0000${tags.join(',')}`);
  const hue = h % 360;
  const pattern = PATTERNS[(h >>> 9) % PATTERNS.length]!;
  const initial = (name.match(/[\p{L}\p{N}]/u)?.[0] ?? '?').toLocaleUpperCase();
  return {
    background: `${pattern},linear-gradient(135deg,hsl(${hue} 50% 36%),hsl(${(hue + 40) % 360} 55% 26%))`,
    initial,
  };
}

/**
 * The cover a card shows for a plugin without an icon: {@link generatedCover} of its name and tags
 * as a square of `size` px (CSS only). Decorative (`aria-hidden`): the name is written beside it.
 */
export const GeneratedCover = memo(function GeneratedCover({
  name,
  tags,
  size,
}: {
  name: string;
  tags: readonly string[];
  size: number;
}) {
  const cover = generatedCover(name, tags);
  return (
    <span
      className="avatar generated-cover"
      aria-hidden="true"
      data-testid="generated-cover"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.5), background: cover.background }}
    >
      {cover.initial}
    </span>
  );
});

/**
 * A plugin's icon wherever the plugin is shown (cards, the featured strip, the detail's head, the
 * publisher's and the back office's lists): its icon image ({@link PluginAvatar}) when it has one,
 * else its {@link GeneratedCover} of `size` px from its name and tag codes, so a plugin looks the
 * same on its card and its detail. Decorative: the name is written beside it.
 */
export function PluginIcon({
  name,
  icon,
  tags = [],
  size,
}: {
  name: string;
  /** Icon URL; null shows the generated cover. */
  icon: string | null;
  /** The plugin's tag codes (the cover's hue and pattern follow them). */
  tags?: readonly string[];
  /** Edge length, px. */
  size: number;
}) {
  return icon ? (
    <PluginAvatar name={name} icon={icon} size={size} />
  ) : (
    <GeneratedCover name={name} tags={tags} size={size} />
  );
}
