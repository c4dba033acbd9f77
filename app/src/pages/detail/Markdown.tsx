import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/**
 * Markdown text as sanitised HTML (see {@link renderMarkdown}): the only `dangerouslySetInnerHTML`
 * of the detail dialog, and it only ever receives micromark's safe output.
 *
 * @param text - the Markdown source (a plugin's description)
 */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's safe output (raw HTML escaped, unsafe protocols dropped)
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
