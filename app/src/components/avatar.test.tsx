import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { avatarColor, initials } from './avatar';
import { generatedCover, PluginIcon } from './GeneratedCover';
import { PluginAvatar } from './PluginAvatar';

/** WCAG relative luminance of an `hsl(h s% l%)` colour. */
function luminance(hsl: string): number {
  const [h = 0, s = 0, l = 0] = (hsl.match(/[\d.]+/g) ?? []).map(Number);
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(f(0)) + 0.7152 * lin(f(8)) + 0.0722 * lin(f(4));
}

afterEach(cleanup);

describe('generated plugin avatar', () => {
  it('takes the initials of the first two words, skipping emoji and punctuation', () => {
    expect(initials('⚓️ Sketch - SelectPlus')).toBe('SS');
    expect(initials('color magic')).toBe('CM');
    expect(initials('Zeplin')).toBe('Z');
    expect(initials('3D Mockups')).toBe('3M');
    expect(initials('Écrire ça')).toBe('ÉÇ');
  });

  it('takes the first two characters of a CJK name, and "?" when nothing is left', () => {
    expect(initials('复制与替换')).toBe('复制');
    expect(initials('字 高')).toBe('字');
    expect(initials('🎨 ✨')).toBe('?');
  });

  it('derives a stable colour from the name that keeps white text readable (≥ 4.5:1)', () => {
    expect(avatarColor('Color Magic')).toBe(avatarColor('Color Magic'));
    const names = Array.from({ length: 400 }, (_, i) => `plugin ${i}`);
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(200);
    for (const name of names) {
      expect(1.05 / (luminance(avatarColor(name)) + 0.05) >= 4.5, name).toBe(true);
    }
  });

  it('renders the icon when there is one, else the placeholder', () => {
    const { container, rerender } = render(
      <PluginAvatar name="Color Magic" icon="https://example.com/i.png" />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/i.png');
    rerender(<PluginAvatar name="Color Magic" icon={null} />);
    const placeholder = screen.getByTestId('avatar-placeholder');
    expect(placeholder.textContent).toBe('CM');
    expect(placeholder.style.background).not.toBe('');
  });
});

describe('PluginIcon', () => {
  it('shows the icon image when the plugin has one', () => {
    const { container } = render(<PluginIcon name="Color Magic" icon="/files/icon.png" size={64} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/files/icon.png');
    expect(screen.queryByTestId('generated-cover')).toBeNull();
  });

  it('shows the generated cover of the name and tags, not the two-letter placeholder, without one', () => {
    render(<PluginIcon name="color magic" icon={null} tags={['color', 'export']} size={64} />);
    const cover = screen.getByTestId('generated-cover');
    expect(cover.textContent).toBe('C');
    expect(cover.style.width).toBe('64px');
    // the same look as the plugin's card, which derives it from the same name and tag codes
    const { background } = generatedCover('color magic', ['color', 'export']);
    expect(cover.getAttribute('style')).toContain(background.slice(0, 40));
    expect(screen.queryByTestId('avatar-placeholder')).toBeNull();
  });
});
