import type { PluginDetail } from '@plugin-center/api';
import { Link, useLocation } from 'react-router-dom';
import { usePublishTexts } from '../../i18n/publish/texts';
import { Tag } from '../../ui/Badge';
import './detailNotice.css';

/**
 * What the detail says about a plugin's listing state: a deprecation banner (role `note`) with the
 * publisher's message (line breaks kept) and a link to the replacement's detail when one is named;
 * and, for the plugin's owner only (`is_owner`), an "Unlisted" badge saying the plugin is hidden
 * from the square and search, with a link to My plugins where it is managed. Nothing otherwise.
 * Its own chunk with the `publish` texts, loaded only for such a plugin (`DetailBody`).
 */
export function DetailNotice({ plugin }: { plugin: PluginDetail }) {
  const { t } = usePublishTexts();
  const { deprecation } = plugin;
  // The replacement opens the way this detail did: the dialog over the square, or the full page.
  const { state } = useLocation();
  return (
    <>
      {plugin.unlisted && plugin.is_owner && (
        <p className="detail-unlisted" data-testid="detail-unlisted">
          <Tag tone="warning">{t('notice.unlisted')}</Tag> <span>{t('notice.unlistedHint')}</span>{' '}
          <Link to="/my-plugins">{t('notice.manage')}</Link>
        </p>
      )}
      {deprecation && (
        <div className="detail-deprecation" role="note" data-testid="detail-deprecation">
          <strong>{t('notice.deprecated')}</strong>
          <p className="prewrap">{deprecation.message}</p>
          {deprecation.replacement && (
            <p>
              <Link to={`/detail/${encodeURIComponent(deprecation.replacement.plugin_key)}`} state={state}>
                {t('notice.replacement', { name: deprecation.replacement.name })}
              </Link>
            </p>
          )}
        </div>
      )}
    </>
  );
}
