import type { ReactNode } from 'react';
import { SvgIcon } from '../components/Icons';
import type { IconName } from './constants';

const PATHS: Record<IconName, ReactNode> = {
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5L2.5 20h19z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </>
  ),
  loading: <path d="M12 3a9 9 0 1 0 9 9" />,
  fontloading: (
    <>
      <path d="M4 19l5-14h2l5 14M6.5 13h7" />
      <path d="M18 14a3 3 0 1 0 3 3" />
    </>
  ),
  file: (
    <>
      <path d="M14 3H6v18h12V7z" />
      <path d="M14 3v4h4" />
    </>
  ),
  upload: <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />,
};

/**
 * One icon of the kit's set (SPEC §9: success, error, warning, info, loading, fontloading, file,
 * upload) as inline SVG on a 24×24 view box in `currentColor`, decorative (`aria-hidden`): the text
 * beside it carries the meaning. `loading` and `fontloading` spin (`data-spin`, stopped under
 * `prefers-reduced-motion`). `size` is in px (default 16).
 */
export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <SvgIcon
      size={size}
      className={className ? `ui-icon ${className}` : 'ui-icon'}
      data-icon={name}
      data-spin={name === 'loading' || name === 'fontloading' ? '' : undefined}
    >
      {PATHS[name] ?? PATHS.info}
    </SvgIcon>
  );
}
