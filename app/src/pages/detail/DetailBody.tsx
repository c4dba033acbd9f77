import type { PluginDetail } from '@plugin-center/api';
import { Suspense } from 'react';
import { DetailActionBar } from './DetailActionBar';
import { DetailChips } from './DetailChips';
import { DetailFacts } from './DetailFacts';
import { DetailHeader } from './DetailHeader';
import { DetailTexts } from './DetailTexts';
import { DetailNotice, RatingsSection } from './lazyParts';
import { VersionHistory } from './VersionHistory';

/**
 * A loaded plugin in the detail dialog (SPEC §2, every field of §3 the API returns), top to bottom:
 * head and intro, the deprecation banner and the owner's "Unlisted" note when there is one
 * (`DetailNotice`, loaded only then), counts and actions, tags and platforms, description and version
 * content, details, history versions, then the ratings and reviews (`RatingsSection`, lazily loaded: nothing shows
 * until its chunk and texts are there). An `<article>` with `data-plugin-key`.
 *
 * @param plugin - the loaded plugin
 * @param onChanged - reloads the detail after a like, an install or a rating
 */
export function DetailBody({ plugin, onChanged }: { plugin: PluginDetail; onChanged: () => void }) {
  return (
    <article className="detail" data-plugin-key={plugin.plugin_key}>
      <DetailHeader plugin={plugin} />
      {(plugin.deprecation || (plugin.unlisted && plugin.is_owner)) && (
        <Suspense fallback={null}>
          <DetailNotice plugin={plugin} />
        </Suspense>
      )}
      <DetailActionBar plugin={plugin} onChanged={onChanged} />
      <DetailChips plugin={plugin} />
      <DetailTexts plugin={plugin} />
      <DetailFacts plugin={plugin} />
      <VersionHistory versions={plugin.versions} />
      <Suspense fallback={null}>
        <RatingsSection plugin={plugin} onChanged={onChanged} />
      </Suspense>
    </article>
  );
}
