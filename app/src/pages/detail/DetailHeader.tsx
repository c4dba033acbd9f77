import type { PluginDetail } from '@plugin-center/api';
import { PluginAvatar } from '../../components/PluginAvatar';
import { useTranslation } from '../../i18n/i18n';
import { DialogTitle } from '../../ui/Dialog';

/**
 * The head of the detail dialog: the plugin's icon (64 px), its name as the dialog's title, its
 * developer ('Unknown developer' when empty), then its intro (`#plugin-intro`, the dialog's
 * description).
 */
export function DetailHeader({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="detail-head">
        <PluginAvatar name={plugin.name} icon={plugin.icon} size={64} />
        <div className="detail-title">
          <DialogTitle className="dialog-title">{plugin.name}</DialogTitle>
          <p className="card-developer">{plugin.developer || t('card.unknownDeveloper')}</p>
        </div>
      </header>
      <p id="plugin-intro" className="detail-intro">
        {plugin.intro}
      </p>
    </>
  );
}
