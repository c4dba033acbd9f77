import { Fragment } from 'react';

const URL_IN_TEXT = /(https?:\/\/[^\s<>"'）)\]]+)/g;

/**
 * Plain text with whitespace kept (CSS `pre-wrap` on the parent) where http(s) URLs become links
 * opening in a new tab. Built as React nodes, never HTML, so markup in a description is shown, not
 * executed.
 */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
