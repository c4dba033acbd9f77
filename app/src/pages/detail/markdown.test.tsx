/** The detail dialog's Markdown description: rendered, and sanitised (no script, no handler, no javascript: URL). */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';
import { renderMarkdown } from './markdown';

afterEach(cleanup);

function renderInto(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  return container.querySelector('.markdown') as HTMLElement;
}

describe('safe Markdown', () => {
  it('renders headings, emphasis, lists, code, tables and links (opening in a new tab)', () => {
    const root = renderInto(
      '# Grid Helper\n\nMakes **grids** _fast_.\n\n- one\n- two\n\n`code`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[Docs](https://example.com/docs) and https://example.com/auto',
    );
    expect(root.querySelector('h1')?.textContent).toBe('Grid Helper');
    expect(root.querySelector('strong')?.textContent).toBe('grids');
    expect(root.querySelector('em')?.textContent).toBe('fast');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect(root.querySelector('table td')?.textContent).toBe('1');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.com/auto',
    ]);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shifts heading levels by the offset, capped at h6', () => {
    expect(renderMarkdown('# A\n\n### B\n\n###### C', 3)).toBe('<h4>A</h4>\n<h6>B</h6>\n<h6>C</h6>');
  });

  it('escapes raw HTML: no <script>, no <img onerror>, no event handler survives', () => {
    const evil =
      'Hi <script>window.__pwned = 1</script>\n\n<img src=x onerror="window.__pwned = 2">\n\n<a href="https://x" onclick="alert(1)">x</a>\n\n<iframe src="https://evil"></iframe>';
    const root = renderInto(evil);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('[onerror], [onclick]')).toBeNull();
    // shown as text instead
    expect(root.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(root.textContent).toContain('<img src=x onerror=');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    const html = renderMarkdown(evil);
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it('drops javascript:, vbscript: and data: URLs of links and images', () => {
    const root = renderInto(
      '[click](javascript:alert(1)) [vb](vbscript:msgbox) [data](data:text/html;base64,PHNjcmlwdD4=) ![img](javascript:alert(2)) <javascript:alert(3)>',
    );
    for (const a of root.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
    for (const img of root.querySelectorAll('img')) {
      expect(img.getAttribute('src') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect(root.innerHTML).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    expect(root.textContent).toContain('click');
  });
});
