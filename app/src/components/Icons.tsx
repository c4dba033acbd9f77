/**
 * The few inline SVG icons of the app (24×24 viewBox, `currentColor`, decorative). Inline SVG keeps
 * them in the bundle without an icon font.
 *
 * @packageDocumentation
 */
import type { ReactNode, SVGProps } from 'react';

/**
 * A decorative 24×24-viewBox stroke icon (`currentColor`, 2 px stroke, hidden from assistive
 * technology); `size` is its edge in px (default 16). Other SVG attributes pass through. The one SVG
 * frame of the app's icons, the UI kit's and the desktop header's included.
 */
export function SvgIcon({
  children,
  size = 16,
  ...rest
}: { children: ReactNode; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

const Icon = SvgIcon;

/** Download arrow. */
export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);
/** Eye (views). */
export const EyeIcon = () => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
/** Heart (likes). */
export const HeartIcon = () => (
  <Icon>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </Icon>
);
/** Magnifier (search). */
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
/** Cross (clear, close). */
export const CloseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);
/** Circular arrows (refresh). */
export const RefreshIcon = () => (
  <Icon>
    <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8" />
    <path d="M21 4v5h-5M3 20v-5h5" />
  </Icon>
);
/** Chain link (copy link). */
export const LinkIcon = () => (
  <Icon>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);
/** The product mark: four rounded tiles, one accented. */
export const LogoMark = () => (
  <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
    <rect x="2" y="2" width="11" height="11" rx="3" fill="var(--accent)" />
    <rect x="15" y="2" width="11" height="11" rx="3" fill="var(--accent-soft-strong)" />
    <rect x="2" y="15" width="11" height="11" rx="3" fill="var(--accent-soft-strong)" />
    <rect x="15" y="15" width="11" height="11" rx="5.5" fill="var(--accent)" />
  </svg>
);
// --- the square's banner carousel ---
/** Chevron pointing left (previous). */
export const ChevronLeftIcon = () => (
  <Icon size={20}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);
/** Chevron pointing right (next). */
export const ChevronRightIcon = () => (
  <Icon size={20}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);
/** Two bars (pause a rotation). */
export const PauseIcon = () => (
  <Icon>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);
/** Triangle (start a rotation). */
export const PlayIcon = () => (
  <Icon>
    <path d="M7 4.5v15L19 12z" />
  </Icon>
);
