import type { PluginDetail } from '@plugin-center/api';
import { Link } from 'react-router-dom';
import { PluginIcon } from '../../components/GeneratedCover';
import { usePublishersTexts } from '../../i18n/publishers/texts';
import { publisherPath } from '../../routes';
import { DialogTitle } from '../../ui/Dialog';
import { VerifiedBadge } from '../publisher/VerifiedBadge';
import { DetailHeading } from './DetailHeading';
import { PublisherName } from './PublisherName';

/**
 * The head of the detail dialog: the plugin's icon or generated cover (`PluginIcon`, 64 px), its name as the dialog's title, its
 * publisher ({@link PublisherName}: its developer, 'Unknown developer' when empty), then its intro (`#plugin-intro`, the dialog's
 * description). With `preview` (outside the dialog, see `DetailPreview`) the name is a heading one
 * level above the sections ({@link DetailHeading}) and the intro has no id. When the plugin's
 * owner has a publisher handle, a link to the publisher's page follows, with the verified badge.
 */
export function DetailHeader({ plugin, preview = false }: { plugin: PluginDetail; preview?: boolean }) {
  return (
    <>
      <header className="detail-head">
        <PluginIcon
          name={plugin.name}
          icon={plugin.icon}
          tags={plugin.tags.map((tag) => tag.code)}
          size={64}
        />
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
          {plugin.publisher_handle && (
            <PublisherLink handle={plugin.publisher_handle} verified={plugin.publisher_verified} />
          )}
        </div>
      </header>
      <p id={preview ? undefined : 'plugin-intro'} className="detail-intro">
        {plugin.intro}
      </p>
    </>
  );
}

/** "Publisher: @handle" linking to `/plugins/publisher/<handle>`, with the verified badge when verified. */
function PublisherLink({ handle, verified }: { handle: string; verified: boolean }) {
  const { t } = usePublishersTexts();
  return (
    <p className="detail-publisher">
      {t('publisher')}:{' '}
      <Link className="publisher-link" to={publisherPath(handle)}>
        @{handle}
        {verified && <VerifiedBadge compact />}
      </Link>
    </p>
  );
}
