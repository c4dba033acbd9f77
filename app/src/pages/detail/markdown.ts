/**
 * Safe Markdown for a plugin's description (the description is Markdown). `micromark` is
 * safe by default: raw HTML in the source is escaped (so `<script>` or `<img onerror>` is shown as
 * text, never parsed), and link and image URLs with a protocol other than http(s), mailto, irc(s)
 * (and relative ones) are dropped (so `javascript:` links lose their `href`). With GFM (tables,
 * strikethrough, task lists, autolinks; its tag filter too). Lives in the lazily loaded detail
 * chunk only.
 *
 * @packageDocumentation
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Renders Markdown to HTML that is safe to insert: micromark with `allowDangerousHtml` and
 * `allowDangerousProtocol` left off (their defaults), plus GFM. Links then open in a new tab
 * without the opener (`target="_blank" rel="noopener noreferrer"`), which only adds attributes to
 * the `<a href` micromark wrote.
 *
 * @param source - the Markdown text
 * @param headingOffset - levels added to every heading (capped at `h6`), so a description's `#`
 *   nests under the section heading that holds it; default 0
 * @returns HTML (escaped raw HTML, no dangerous URLs)
 */
export function renderMarkdown(source: string, headingOffset = 0): string {
  const html = micromark(source, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
  });
  const linked = html.replace(/<a href="/g, '<a target="_blank" rel="noopener noreferrer" href="');
  if (headingOffset <= 0) return linked;
  return linked.replace(/<(\/?)h([1-6])>/g, (_, close: string, level: string) => {
    return `<${close}h${Math.min(6, Number(level) + headingOffset)}>`;
  });
}
