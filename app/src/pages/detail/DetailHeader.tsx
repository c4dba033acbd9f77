import type { PluginDetail } from '@plugin-center/api';
import { PluginAvatar } from '../../components/PluginAvatar';
import { DialogTitle } from '../../ui/Dialog';
import { DetailHeading } from './DetailHeading';
import { PublisherName } from './PublisherName';

/**
 * The head of the detail dialog: the plugin's icon (64 px), its name as the dialog's title, its
 * publisher ({@link PublisherName}: its developer, 'Unknown developer' when empty), then its intro (`#plugin-intro`, the dialog's
 * description). With `preview` (outside the dialog, see `DetailPreview`) the name is a heading one
 * level above the sections ({@link DetailHeading}) and the intro has no id.
 */
export function DetailHeader({ plugin, preview = false }: { plugin: PluginDetail; preview?: boolean }) {
  return (
    <>
      <header className="detail-head">
        <PluginAvatar name={plugin.name} icon={plugin.icon} size={64} />
        <div className="detail-title">
          {preview ? (
            <DetailHeading name className="dialog-title">
              {plugin.name}
            </DetailHeading>
          ) : (
            <DialogTitle className="dialog-title">{plugin.name}</DialogTitle>
          )}
          <p className="card-developer">
            <PublisherName name={plugin.developer} />
          </p>
        </div>
      </header>
      <p id={preview ? undefined : 'plugin-intro'} className="detail-intro">
        {plugin.intro}
      </p>
    </>
  );
}
