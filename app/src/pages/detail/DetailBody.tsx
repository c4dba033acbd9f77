import type { PluginDetail } from '@plugin-center/api';
import { DetailActionBar } from './DetailActionBar';
import { DetailChips } from './DetailChips';
import { DetailFacts } from './DetailFacts';
import { DetailHeader } from './DetailHeader';
import { DetailTexts } from './DetailTexts';
import { VersionHistory } from './VersionHistory';

/**
 * A loaded plugin in the detail dialog (SPEC §2, every field of §3 the API returns), top to bottom:
 * head and intro, counts and actions, tags and platforms, description and version content, details,
 * history versions. An `<article>` with `data-plugin-key`.
 *
 * @param plugin - the loaded plugin
 * @param onChanged - reloads the detail after a like or install
 */
export function DetailBody({ plugin, onChanged }: { plugin: PluginDetail; onChanged: () => void }) {
  return (
    <article className="detail" data-plugin-key={plugin.plugin_key}>
      <DetailHeader plugin={plugin} />
      <DetailActionBar plugin={plugin} onChanged={onChanged} />
      <DetailChips plugin={plugin} />
      <DetailTexts plugin={plugin} />
      <DetailFacts plugin={plugin} />
      <VersionHistory versions={plugin.versions} />
    </article>
  );
}
