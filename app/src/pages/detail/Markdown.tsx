import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/**
 * Markdown text as sanitised HTML (see {@link renderMarkdown}): the only `dangerouslySetInnerHTML`
 * of the detail dialog, and it only ever receives micromark's safe output.
 *
 * @param text - the Markdown source (a plugin's description)
 * @param headingOffset - levels added to the description's headings (see {@link renderMarkdown})
 */
export function Markdown({ text, headingOffset = 0 }: { text: string; headingOffset?: number }) {
  const html = useMemo(() => renderMarkdown(text, headingOffset), [text, headingOffset]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's safe output (raw HTML escaped, unsafe protocols dropped)
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
