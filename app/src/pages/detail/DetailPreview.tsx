import type { PluginDetail } from '@plugin-center/api';
import type { ReactNode } from 'react';
import { DetailChips } from './DetailChips';
import { DetailFacts } from './DetailFacts';
import { DetailHeader } from './DetailHeader';
import { type DetailHeadingLevel, DetailHeadingLevelContext } from './DetailHeading';
import { DetailTexts } from './DetailTexts';

/**
 * A listing as the detail dialog shows it, outside the dialog (the review card's preview of a
 * submission, before it is live): the same head and intro, tags and platforms, Markdown description
 * (sanitised as in the dialog), gallery and video, version content and details, without what only a
 * live plugin has (counts, like and install, create and update time, history versions). An
 * `<article class="detail detail-preview">`; the plugin's name is a heading one level above
 * `headingLevel`, the sections' headings are at it.
 *
 * @param plugin - the listing (a submission mapped to the detail's shape)
 * @param headingLevel - the level of the section headings, so the preview nests in the page's outline
 * @param children - more sections after the details, at the same level (use `DetailHeading`)
 */
export function DetailPreview({
  plugin,
  headingLevel,
  children,
}: {
  plugin: PluginDetail;
  headingLevel: DetailHeadingLevel;
  children?: ReactNode;
}) {
  return (
    <DetailHeadingLevelContext.Provider value={headingLevel}>
      <article className="detail detail-preview">
        <DetailHeader plugin={plugin} preview />
        <DetailChips plugin={plugin} />
        <DetailTexts plugin={plugin} />
        <DetailFacts plugin={plugin} preview />
        {children}
      </article>
    </DetailHeadingLevelContext.Provider>
  );
}
