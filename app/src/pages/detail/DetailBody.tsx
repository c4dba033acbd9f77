import type { PluginDetail } from '@plugin-center/api';
import { Suspense } from 'react';
import { lazyWithTexts } from '../../i18n/i18n';
import { DetailActionBar } from './DetailActionBar';
import { DetailChips } from './DetailChips';
import { DetailFacts } from './DetailFacts';
import { DetailHeader } from './DetailHeader';
import { DetailTexts } from './DetailTexts';
import { VersionHistory } from './VersionHistory';

const DetailNotice = lazyWithTexts(() => import('./DetailNotice').then((m) => ({ default: m.DetailNotice })));

/**
 * A loaded plugin in the detail dialog (SPEC §2, every field of §3 the API returns), top to bottom:
 * head and intro, the deprecation banner and the owner's "Unlisted" note when there is one
 * (`DetailNotice`, loaded only then), counts and actions, tags and platforms, description and version content, details,
 * history versions. An `<article>` with `data-plugin-key`.
 *
 * @param plugin - the loaded plugin
 * @param onChanged - reloads the detail after a like or install
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
    </article>
  );
}
