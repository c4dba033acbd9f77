import { isSuccess, type PluginDetail } from '@plugin-center/api';
import { PluginEvent } from '@plugin-center/contract';
import { useApiClient, useSession } from '@plugin-center/react';
import { useState } from 'react';
import { trackPluginEvent } from '../../analytics';
import { copyText } from '../../components/copyText';
import { useTranslation } from '../../i18n/i18n';
import { shareUrl } from '../../routes';
import { signInHere } from '../../session';
import { notify } from '../../toast/toastStore';
import { DetailErrorCode, errorCode } from './errorCode';

/** Which of a plugin's calls is running, if any. */
export type PendingPluginAction = 'praise' | 'install' | null;

/** What {@link usePluginActions} returns. */
export interface PluginActions {
  /** Whether someone is signed in; a visitor's like or install starts sign-in instead. */
  signedIn: boolean;
  /** The call in flight (its button is disabled meanwhile), else `null`. */
  pending: PendingPluginAction;
  /** Likes the plugin (`praise: 1`), or unlikes it (`praise: -1`) when the caller already does. */
  togglePraise: () => Promise<void>;
  /** Installs the plugin, or uninstalls it when the caller already has it. */
  toggleInstall: () => Promise<void>;
  /** Copies the plugin's share link (`/plugins/detail/<plugin_key>`); toasts either way. */
  copyShareLink: () => Promise<void>;
}

/**
 * The actions of the plugin detail dialog (SPEC §4 "Like: praise 1 to like, -1 to unlike, then detail
 * reloaded. Install/uninstall toggle installed state"; §6; §8 toasts). After a successful call: the
 * tracker's event (`PluginLike`, `PluginUnlike`, `PluginInstall`, `PluginUninstall`), a success toast,
 * then `onChanged()`. A visitor is sent to sign in, as is a user whose session the server refuses
 * (`UNAUTHORIZED`, SPEC §6 "A 401 on like triggers sign-in"); any other failure toasts the action's
 * failure text. Copying the share link toasts 'Link copied' or 'Could not copy the link'.
 *
 * @param plugin - the plugin as last loaded (its `is_praise` / `is_installed` choose the direction)
 * @param onChanged - reloads the detail after a like or install changed it
 */
export function usePluginActions(plugin: PluginDetail, onChanged: () => void): PluginActions {
  const { t } = useTranslation();
  const client = useApiClient();
  const { signedIn } = useSession();
  const [pending, setPending] = useState<PendingPluginAction>(null);

  const run = async (
    which: 'praise' | 'install',
    call: () => Promise<{ code: number }>,
    event: PluginEvent,
    done: string,
    failed: string,
  ) => {
    if (!signedIn) {
      void signInHere().catch(() => {});
      return;
    }
    setPending(which);
    try {
      const res = await call();
      if (!isSuccess(res)) throw res;
      trackPluginEvent(event, plugin.plugin_key);
      notify(done, 'success');
      onChanged();
    } catch (error) {
      if (errorCode(error) === DetailErrorCode.UNAUTHORIZED) void signInHere().catch(() => {});
      else notify(failed, 'error');
    } finally {
      setPending(null);
    }
  };

  const key = plugin.plugin_key;
  const togglePraise = () =>
    plugin.is_praise
      ? run(
          'praise',
          () => client.plugin.praise({ plugin_key: key, praise: -1 }),
          PluginEvent.UNLIKE,
          t('action.unliked'),
          t('action.unlikeFailed'),
        )
      : run(
          'praise',
          () => client.plugin.praise({ plugin_key: key, praise: 1 }),
          PluginEvent.LIKE,
          t('action.liked'),
          t('action.likeFailed'),
        );
  const toggleInstall = () =>
    plugin.is_installed
      ? run(
          'install',
          () => client.plugin.uninstall({ plugin_key: key }),
          PluginEvent.UNINSTALL,
          t('action.uninstalled'),
          t('action.uninstallFailed'),
        )
      : run(
          'install',
          () => client.plugin.install({ plugin_key: key }),
          PluginEvent.INSTALL,
          t('action.installed'),
          t('action.installFailed'),
        );
  const copyShareLink = async () => {
    try {
      await copyText(shareUrl(key));
      notify(t('detail.linkCopied'), 'success');
    } catch {
      notify(t('detail.linkCopyFailed'), 'error');
    }
  };

  return { signedIn, pending, togglePraise, toggleInstall, copyShareLink };
}
