import { useState } from 'react';
import { avatarColor, initials } from './avatar';

/** Props of {@link PluginAvatar}. */
export interface PluginAvatarProps {
  name: string;
  /** Icon URL; `null` (or an image that fails to load) shows the generated placeholder. */
  icon: string | null;
  /** Edge length in px (default 48). */
  size?: number;
}

/**
 * A plugin's icon, or its generated placeholder: initials on a colour derived from the name
 * (see `initials` and `avatarColor`). Decorative (`alt=""`, `aria-hidden`): the name is always
 * written next to it.
 */
export function PluginAvatar({ name, icon, size = 48 }: PluginAvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (icon && !failed) {
    return (
      <img
        className="avatar"
        src={icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        style={style}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="avatar avatar-placeholder"
      aria-hidden="true"
      data-testid="avatar-placeholder"
      style={{ ...style, background: avatarColor(name) }}
    >
      {initials(name)}
    </span>
  );
}
