import { createContext, createElement, type ReactNode, useContext } from 'react';

/** A heading level of the detail's sections. */
export type DetailHeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * The level of the detail's section headings: 3 in the detail dialog (under its `h2` title), deeper
 * where a page shows the detail inside its own outline (the review card's preview, `h5` under the
 * card's `h3`). The plugin's name is one level above.
 */
export const DetailHeadingLevelContext = createContext<DetailHeadingLevel>(3);

/**
 * A heading of the detail at the level of {@link DetailHeadingLevelContext}: a section's title, or
 * with `name` the plugin's name one level above.
 */
export function DetailHeading({
  children,
  className,
  name = false,
}: {
  children: ReactNode;
  className?: string;
  /** The plugin's name: one level above the sections. */
  name?: boolean;
}) {
  const level = useContext(DetailHeadingLevelContext);
  return createElement(`h${name ? level - 1 : level}`, { className }, children);
}
