import type { PluginDetail } from '@plugin-center/api';
import { DownloadIcon, EyeIcon, HeartIcon, LinkIcon } from '../../components/Icons';
import { formatNumber } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { site } from '../../site';
import { Button } from '../../ui/Button';
import { usePluginActions } from './usePluginActions';

/**
 * The detail dialog's action bar: the plugin's counts (downloads, views, likes; full numbers) and
 * its buttons — like and install ({@link usePluginActions}; each a toggle with `aria-pressed` and
 * `data-state` `on`/`off`, disabled while its call runs, titled 'sign in to continue' for visitors)
 * and 'copy link'. On a site without login (`showLogin` false, SPEC §2 private deployment `hwdc`,
 * whose sign-in is the host's) a visitor gets no like or install button: nothing that needs an account.
 *
 * @param plugin - the loaded plugin (with the caller's `is_praise` / `is_installed`)
 * @param onChanged - reloads the detail after a like or install
 */
export function DetailActionBar({
  plugin,
  onChanged,
  showLogin = site.showLogin,
}: {
  plugin: PluginDetail;
  onChanged: () => void;
  /** Whether this site signs people in (default: this page's site configuration). */
  showLogin?: boolean;
}) {
  const { t, locale } = useTranslation();
  const { signedIn, pending, togglePraise, toggleInstall, copyShareLink } = usePluginActions(
    plugin,
    onChanged,
  );
  const signInTitle = signedIn ? undefined : t('action.signInToContinue');
  const accountActions = signedIn || showLogin;
  return (
    <div className="detail-actions">
      <ul className="detail-counts">
        <li title={t('card.downloads')}>
          <DownloadIcon /> {formatNumber(plugin.download_count, locale)}
          <span className="sr-only"> {t('card.downloads')}</span>
        </li>
        <li title={t('card.views')}>
          <EyeIcon /> {formatNumber(plugin.view_count, locale)}
          <span className="sr-only"> {t('card.views')}</span>
        </li>
        <li title={t('card.likes')}>
          <HeartIcon /> {formatNumber(plugin.praise_count, locale)}
          <span className="sr-only"> {t('card.likes')}</span>
        </li>
      </ul>
      <div className="detail-buttons">
        {accountActions && (
          <>
            <Button
              aria-pressed={plugin.is_praise}
              data-state={plugin.is_praise ? 'on' : 'off'}
              disabled={pending === 'praise'}
              title={signInTitle}
              onClick={() => void togglePraise()}
            >
              <HeartIcon />
              {plugin.is_praise ? t('action.unlike') : t('action.like')}
            </Button>
            <Button
              variant={plugin.is_installed ? 'default' : 'primary'}
              aria-pressed={plugin.is_installed}
              data-state={plugin.is_installed ? 'on' : 'off'}
              disabled={pending === 'install'}
              title={signInTitle}
              onClick={() => void toggleInstall()}
            >
              <DownloadIcon />
              {plugin.is_installed ? t('action.uninstall') : t('action.install')}
            </Button>
          </>
        )}
        <Button onClick={() => void copyShareLink()}>
          <LinkIcon />
          {t('detail.copyLink')}
        </Button>
      </div>
    </div>
  );
}
